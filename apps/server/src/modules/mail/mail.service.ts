import type { DbOrTx } from '@shop/db/client';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext, MailDispatcher } from '../../context.ts';
import { renderMail, type MailContent } from './mail-template.ts';
import { claimDueMails, insertMail, markMail, markMailFailed } from './mail.repository.ts';

const MAX_ATTEMPTS = 8;

/**
 * Queues a mail in the outbox. Call it inside the transaction of the change that causes the
 * mail so that the mail exists exactly when the change does; delivery happens afterwards.
 */
export async function queueMail(ctx: AppContext, db: DbOrTx, content: MailContent) {
  return insertMail(db, renderMail(content, ctx.config.publicUrl));
}

/**
 * Delivers outbox mails over SMTP with retries and back-off, or — without SMTP_URL — marks them
 * 'kept' and logs them (one-time codes appear in the log outside production only).
 */
export function createMailDispatcher(ctx: Pick<AppContext, 'config' | 'db' | 'log'>): MailDispatcher {
  const transport: Transporter | null = ctx.config.SMTP_URL
    ? nodemailer.createTransport(ctx.config.SMTP_URL)
    : null;
  let running: Promise<void> | null = null;

  async function runOnce(): Promise<void> {
    const batch = await claimDueMails(ctx.db, 20, 60_000);
    for (const mail of batch) {
      if (!transport) {
        ctx.log.info(
          {
            mailId: mail.id,
            to: mail.toAddress,
            subject: mail.subject,
            ...(ctx.config.isProduction ? {} : { text: mail.text }),
          },
          'mail kept in outbox (no SMTP_URL)',
        );
        await markMail(ctx.db, mail.id, 'kept');
        continue;
      }
      try {
        await transport.sendMail({
          from: ctx.config.MAIL_FROM,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        await markMail(ctx.db, mail.id, 'sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = mail.attempts >= MAX_ATTEMPTS;
        ctx.log.warn(
          { mailId: mail.id, attempt: mail.attempts, err: message },
          giveUp ? 'mail failed for good' : 'mail failed; will retry',
        );
        await markMailFailed(
          ctx.db,
          mail.id,
          message,
          giveUp ? null : Math.min(2 ** mail.attempts * 5_000, 3_600_000),
        );
      }
    }
  }

  return {
    flush(): Promise<void> {
      running ??= runOnce().finally(() => {
        running = null;
      });
      return running;
    },
    close() {
      transport?.close();
    },
  };
}
