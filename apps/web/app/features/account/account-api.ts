import type {
  ChangePasswordInput,
  EmailOnlyInput,
  LoginInput,
  MessageResponse,
  ResendEmailOtpInput,
  SessionResponse,
  SignupInput,
  SignupResponse,
  VerifyEmailInput,
  VerifyOtpInput,
} from '@shop/contract/customers';
import { api } from '../../lib/api-client.ts';

/** The account calls of product rules §7 (/customers/*); public calls send no token. */
export const accountApi = {
  signUp: (body: SignupInput) => api.post<SignupResponse>('customers', body, { auth: false }),
  verifyEmail: (body: VerifyEmailInput) =>
    api.post<SessionResponse>('customers/verify_email_otp', body, { auth: false }),
  resendEmailOtp: (body: ResendEmailOtpInput) =>
    api.post<MessageResponse>('customers/resend_email_otp', body, { auth: false }),
  logIn: (body: LoginInput) => api.post<SessionResponse>('customers/login', body, { auth: false }),
  forgotPassword: (body: EmailOnlyInput) =>
    api.post<MessageResponse>('customers/forgot_email_password', body, { auth: false }),
  verifyResetOtp: (body: VerifyOtpInput) =>
    api.post<MessageResponse>('customers/verify_email_forgot_password_otp', body, { auth: false }),
  changePassword: (body: ChangePasswordInput) => api.post<MessageResponse>('customers/change_password', body),
  logOut: () => api.post<MessageResponse>('customers/logout'),
};

/** Only a path of this site is a safe after-login target (no open redirect to another host). */
export function safeLocalPath(target: string | null): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/**
 * What /signup hands to /verify-email in the history entry's state (kept across a reload of the
 * tab, never in the address): the sign-up's registration token, so that only a code of this
 * very sign-up verifies the e-mail with the password typed here (ADR 0007).
 */
export interface VerifyEmailState {
  registration_token?: string;
}

export function registrationTokenOf(state: unknown): string | undefined {
  const token = (state as VerifyEmailState | null)?.registration_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/** `/verify-email?email=…` and the like: the e-mail travels in the query so a reload keeps it. */
export function withEmail(path: string, email: string): string {
  return `${path}?${new URLSearchParams({ email }).toString()}`;
}
