import type { MailContent } from '../mail/mail-template.ts';
import { OTP_TTL_MINUTES, type OtpPurpose } from './one-time-code.ts';

/** The e-mail that carries a one-time code, per purpose. */
export function codeMail(purpose: OtpPurpose, to: string, code: string): MailContent {
  if (purpose === 'verify_email') {
    return {
      kind: 'signup-code',
      to,
      subject: 'Your Kesar Foods & Locks verification code',
      heading: 'Verify your email address',
      highlight: code,
      paragraphs: [
        `Enter this code on the Verify Email page to finish creating your account. It expires in ${OTP_TTL_MINUTES} minutes.`,
        'If you did not sign up at Kesar Foods & Locks, you can ignore this email.',
      ],
    };
  }
  return {
    kind: 'password-reset-code',
    to,
    subject: 'Your password reset code',
    heading: 'Reset your password',
    highlight: code,
    paragraphs: [
      `Enter this code on the Verify OTP page, then log in with your email and this code as the password to choose a new password. It expires in ${OTP_TTL_MINUTES} minutes.`,
      'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
    ],
  };
}
