import type { ContactQueryRequest } from '@shop/contract/engagement';
import type { DbOrTx } from '@shop/db/client';
import { messages } from '@shop/contract/messages';
import { shopEmailAddress } from '../settings/settings.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { type VerifiedCaptcha, verifyCaptcha } from './captcha.service.ts';
import {
  claimCaptchaSolution,
  deleteExpiredCaptchaSolutions,
  insertEnquiry,
  insertSubscription,
} from './engagement.repository.ts';

/** Newsletter and contact-form rules, and the captcha that guards public forms. */

/**
 * A solved captcha (the ALTCHA payload a form posts): well-formed, signed by this shop and not
 * expired, or a 422 on `captcha_value` ('Please verify captch!'). Whether it was used before is
 * `spendCaptcha`'s job, inside the transaction of what it guards.
 */
export async function checkCaptcha(ctx: AppContext, value: string): Promise<VerifiedCaptcha> {
  const captcha = await verifyCaptcha(ctx.config.captchaHmacKey, value);
  if (!captcha) throw AppError.invalid('captcha_value', messages.captchaUnsolved);
  return captcha;
}

/**
 * Marks a checked captcha as used in the caller's transaction, so that the form's row exists
 * exactly when the solution is spent; a solution used before (or racing another request with the
 * same one: the primary key decides) is a 422 on `captcha_value`.
 */
export async function spendCaptcha(tx: DbOrTx, captcha: VerifiedCaptcha): Promise<void> {
  await deleteExpiredCaptchaSolutions(tx, Math.floor(Date.now() / 1000));
  if (!(await claimCaptchaSolution(tx, captcha.signature, captcha.expiresAt))) {
    throw AppError.invalid('captcha_value', messages.captchaUnsolved);
  }
}

/** Subscribes an address once; the same address in other letter case is the same subscriber. */
export async function subscribeToNewsletter(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limiter.hitIp('newsletter', ip, 10, 60_000);
  const inserted = await insertSubscription(ctx.db, email.trim().toLowerCase());
  return inserted ? messages.newsletterSubscribed : messages.newsletterAlreadySubscribed;
}

/** Contact enquiries per IP and minute. */
export const CONTACT_LIMIT_PER_MINUTE = 5;

/**
 * Stores an enquiry after a valid, unused captcha and queues a mail to the shop's
 * company_email_address in the same transaction; the mail is delivered after commit.
 */
export async function submitContactQuery(
  ctx: AppContext,
  input: ContactQueryRequest,
  ip: string,
): Promise<string> {
  await ctx.limiter.hitIp('contact', ip, CONTACT_LIMIT_PER_MINUTE, 60_000, messages.tooManyContactQueries);
  const captcha = await checkCaptcha(ctx, input.captcha_value);
  const subject = input.subject?.trim() || messages.contactSubject(input.name);

  await ctx.db.transaction(async (tx) => {
    await spendCaptcha(tx, captcha);
    await insertEnquiry(tx, {
      name: input.name,
      emailAddress: input.email_address,
      contactNumber: input.contact_number,
      subject,
      message: input.message,
    });
    const to = await shopEmailAddress(tx);
    if (!to) {
      ctx.log.warn(
        'contact enquiry stored without mail: setting company_email_address is not an e-mail address',
      );
      return;
    }
    await queueMail(ctx, tx, {
      kind: 'contact-enquiry',
      to,
      subject,
      heading: `New enquiry from ${input.name}`,
      paragraphs: [
        `Name: ${input.name}`,
        `E-mail: ${input.email_address}`,
        `Phone: ${input.contact_number}`,
        `Subject: ${subject}`,
        'Message:',
        input.message,
      ],
    });
  });
  // Delivery runs after the answer; a failure stays in the outbox for the retry job.
  ctx.mail.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'mail flush after enquiry failed'));
  return messages.messageSent;
}
