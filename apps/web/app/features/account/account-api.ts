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
