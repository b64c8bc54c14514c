import type { DbOrTx } from '@shop/db/client';
import type { Transporter } from 'nodemailer';
import type { AppContext, MailDispatcher } from '../../context.ts';
import { renderMail, type MailContent } from './mail-template.ts';
import { claimDueMails, countFailedMails, insertMail, markMail, markMailFailed } from './mail.repository.ts';

export type { MailContent } from './mail-template.ts';

/**
 * How long an undeliverable mail is retried: an SMTP server or mailbox that is down over a long
 * weekend must not cost a customer their order confirmation. Only a mail still undelivered after
 * this is marked failed (and logged as an error, and counted on the health endpoint).
 */
export const MAIL_RETRY_PERIOD_MS = 3 * 24 * 3_600_000;

/** Wait after the n-th failed attempt: 10 s, 20 s, 40 s, … doubling up to one hour, then hourly. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.min(attempts, 20) * 5_000, 3_600_000);
}

/**
 * Queues a mail in the outbox. Call it inside the transaction of the change that causes the
 * mail so that the mail exists exactly when the change does; delivery happens afterwards.
 */
export async function queueMail(ctx: AppContext, db: DbOrTx, content: MailContent) {
  return insertMail(db, renderMail(content, ctx.config.publicUrl));
}

/**
 * Delivers outbox mails over SMTP with retries and back-off for MAIL_RETRY_PERIOD_MS, or — without SMTP_URL — marks them
 * 'kept' and logs them (one-time codes appear in the log outside production only).
 */
export function createMailDispatcher(ctx: Pick<AppContext, 'config' | 'db' | 'log'>): MailDispatcher {
  const smtpUrl = ctx.config.SMTP_URL;
  // nodemailer is loaded with the first mail to deliver, not with the server: its modules were
  // 60–80 ms of every start on the reference host, and most starts send nothing for minutes.
  let transport: Promise<Transporter> | null = null;
  const smtp = (url: string) => {
    transport ??= import('nodemailer')
      .then(({ default: nodemailer }) => nodemailer.createTransport(url))
      .catch((error: unknown) => {
        transport = null;
        throw error;
      });
    return transport;
  };
  let running: Promise<void> | null = null;

  async function runOnce(): Promise<void> {
    const batch = await claimDueMails(ctx.db, 20, 60_000);
    for (const mail of batch) {
      if (!smtpUrl) {
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
        await (await smtp(smtpUrl)).sendMail({
          from: ctx.config.MAIL_FROM,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        await markMail(ctx.db, mail.id, 'sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = Date.now() - mail.createdAt.getTime() >= MAIL_RETRY_PERIOD_MS;
        const details = {
          mailId: mail.id,
          kind: mail.kind,
          to: mail.toAddress,
          attempt: mail.attempts,
          err: message,
        };
        if (giveUp) {
          ctx.log.error(
            { ...details, queuedAt: mail.createdAt.toISOString() },
            `mail not delivered: ${mail.kind} to ${mail.toAddress}, ${mail.attempts} attempts since ${mail.createdAt.toISOString()}; given up`,
          );
        } else {
          ctx.log.warn(details, 'mail not delivered yet; will retry');
        }
        await markMailFailed(ctx.db, mail.id, message, giveUp ? null : mailRetryDelayMs(mail.attempts));
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
    /** Mails given up on after the retry period (the health endpoint shows it). */
    failedCount(): Promise<number> {
      return countFailedMails(ctx.db);
    },
    close() {
      // A transport that failed to load has nothing to close (its failure was the mail's to log).
      void transport?.then(
        (open) => open.close(),
        () => undefined,
      );
    },
  };
}
