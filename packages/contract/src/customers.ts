import { z } from 'zod';
import { messages } from './messages.ts';
import { emailField, nullAsAbsent, passwordField, requiredText, textFieldError } from './validation.ts';

/** Texts of the account flow that the product rules leave to the server (wording ours, kept in one place). */
export const customerMessages = {
  wrongCredentials: 'Incorrect email or password.',
  emailNotVerified: 'Your email address is not verified. Please verify it with the OTP sent to your email.',
  otpFormat: 'The OTP must be the 6 digits from the email.',
  otpInvalid: 'The OTP is invalid or has expired.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP.`,
  otpSent: messages.otpSent,
  /**
   * Spec §8 success message, also for the forgot-password start. The same answer whether or not
   * the e-mail has an account, so it reveals nothing.
   */
  resetOtpSent: messages.otpSent,
  resetOtpVerified:
    'OTP verified. Please log in with your email and this OTP as the password to set a new password.',
  passwordChanged: 'Your password has been changed successfully.',
  loggedOut: 'You have been logged out successfully.',
  tooManyLoginAttempts: 'Too many login attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  loginMethod: "Only the 'email' login method is supported.",
  /** A sign-up's registration token that is unknown, used or older than 24 hours (ADR 0007). */
  registrationExpired: 'This sign-up has expired. Please sign up again.',
  /** More than 10 one-time codes of a kind for one e-mail within 24 hours. */
  tooManyCodesToday:
    'Too many OTPs were requested for this email address today. Please try again in 24 hours.',
  /** 10 failed logins of one e-mail within 15 minutes: the e-mail is locked for 15 minutes. */
  accountLocked: 'Too many failed login attempts for this email address. Please try again in 15 minutes.',
} as const;

/** One-time code rules (product rules §10). */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;

/** E-mail addresses are compared trimmed and lower-cased: one account per mailbox. */
export const customerEmail = emailField.transform((value) => value.toLowerCase());

/**
 * The 6-digit code. A JSON client may send it as a number (123456, or 12345 for "012345"); a
 * whole number below 1,000,000 is read as its six digits instead of being refused as missing.
 */
const otpField = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1_000_000
      ? String(value).padStart(OTP_LENGTH, '0')
      : value,
  requiredText.regex(/^\d{6}$/, customerMessages.otpFormat),
);

/** A password at login: required only (old passwords and a verified reset code are accepted). */
const loginPassword = z
  .string({ error: textFieldError })
  .min(1, messages.required)
  .max(128, customerMessages.wrongCredentials);

const confirmPassword = z.string({ error: textFieldError }).min(1, messages.required);

/** POST customers (product rules §3 Signup). */
export const signupSchema = z
  .object({
    email: customerEmail,
    password: passwordField,
    // No length limit of its own: the comparison below runs only once the password itself is
    // valid, so a too-long password is told so once (not also "Passwords must match.").
    confirm_password: confirmPassword,
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: messages.passwordsMustMatch,
  });
export type SignupInput = z.infer<typeof signupSchema>;

/** POST customers/login (product rules §3 Login payload). The form sends login_method 'email'. */
export const loginSchema = z.object({
  login_method: z.literal('email', { error: customerMessages.loginMethod }).default('email'),
  username: customerEmail,
  password: loginPassword,
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST customers/verify_email_otp and customers/verify_email_forgot_password_otp. */
export const verifyOtpSchema = z.object({
  email: customerEmail,
  email_verification_otp: otpField,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/**
 * The handle of one sign-up (ADR 0007), returned by POST customers and sent back by the verify
 * screen. Optional (a client of the product's own API sends none; null counts as not given):
 * without it, a code still activates only the password of its own sign-up. A handle that is not
 * one (a number, 101 characters) can only be a stale or altered screen: it is told, as an
 * expired one is, to sign up again.
 */
const registrationToken = z.preprocess(
  nullAsAbsent,
  z
    .string({ error: customerMessages.registrationExpired })
    .max(100, customerMessages.registrationExpired)
    .optional(),
);

/** POST customers/verify_email_otp: the product's fields and, from this shop's screen, the sign-up's handle. */
export const verifyEmailSchema = verifyOtpSchema.extend({ registration_token: registrationToken });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST customers/resend_email_otp and customers/forgot_email_password. */
export const emailOnlySchema = z.object({ email: customerEmail });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** POST customers/resend_email_otp: the e-mail and, optionally, the sign-up the new code is for. */
export const resendEmailOtpSchema = emailOnlySchema.extend({ registration_token: registrationToken });
export type ResendEmailOtpInput = z.infer<typeof resendEmailOtpSchema>;

/**
 * POST customers/change_password (product rules §3: new_password). The product's form checks the
 * retyped password itself; a client that sends `confirm_password` too has it checked here.
 */
export const changePasswordSchema = z
  .object({
    new_password: passwordField,
    confirm_password: z.preprocess(nullAsAbsent, z.string({ error: textFieldError }).optional()),
  })
  .refine((v) => v.confirm_password === undefined || v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: messages.passwordsMustMatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: new and retyped password (product rules §5). */
export const changePasswordFormSchema = z
  .object({
    new_password: passwordField,
    confirm_password: confirmPassword,
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: messages.passwordsMustMatch,
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** Token scopes: 'password_reset' (after a forgot-password code) may only read its customer and change the password. */
export type CustomerTokenScope = 'full' | 'password_reset';

/** The customer as login, e-mail verification and details return it. */
export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  /** The default saved address, or null. */
  address_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  /** 'password_reset' when the login used a verified reset code: only customers/details, change_password and logout accept it. */
  scope: z.enum(['full', 'password_reset']),
  customer: customerSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const signupResponseSchema = z.object({
  email: z.string(),
  /**
   * This sign-up's handle (ADR 0007): the verify screen sends it back so that only a code of
   * this very sign-up activates the password chosen in it.
   */
  registration_token: z.string().optional(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;
