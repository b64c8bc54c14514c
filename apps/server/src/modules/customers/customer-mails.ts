import type { MailContent } from '../mail/mail.service.ts';
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

/**
 * The answer to a sign-up with an e-mail that already has an account: the sign-up screen says
 * nothing of it (no account enumeration), so the owner learns here how to get in.
 */
export function accountExistsMail(to: string, publicUrl: string): MailContent {
  return {
    kind: 'signup-account-exists',
    to,
    subject: 'You already have a Kesar Foods & Locks account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone, probably you, just tried to sign up at Kesar Foods & Locks with this email address, which already has an account. No new account was made and no code was sent.',
      `Log in at ${publicUrl}/login. If you have forgotten your password, reset it at ${publicUrl}/forgot-password.`,
      'If you did not try to sign up, you can ignore this email; your account is unchanged.',
    ],
  };
}

/**
 * The notice after a password change (from the account page or with a reset code): the owner
 * learns of a change they did not make while the reset link still helps.
 */
export function passwordChangedMail(to: string, publicUrl: string): MailContent {
  return {
    to,
    subject: 'Your Kesar Foods & Locks password was changed',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your Kesar Foods & Locks account was just changed. Everywhere else you were logged in, you have been logged out.',
      `If you did not change it, reset your password now at ${publicUrl}/forgot-password and check your saved addresses and orders.`,
    ],
  };
}
