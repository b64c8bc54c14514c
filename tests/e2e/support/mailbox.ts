import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { mailLogFile } from './paths.ts';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function mails(): CapturedMail[] {
  const log = readFileSync(mailLogFile, 'utf8');
  // A line is whole once its newline is written. The test SMTP server may be appending a mail while
  // a test reads the file (a reader can see part of a write): that line waits for the next read.
  return log
    .slice(0, log.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** Waits for the newest mail to `to` whose subject matches, as received by the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = mails()
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as CapturedMail;
}

/** How many mails have arrived so far (pass to waitForMail to ignore older ones). */
export function mailCount(): number {
  return mails().length;
}

/** The mails to `to` so far, oldest first. */
export function mailsTo(to: string): CapturedMail[] {
  return mails().filter((m) => m.to.includes(to.toLowerCase()));
}

/** The first 6-digit code in a mail's text. */
export function otpOf(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}
