import type { VerifyOtpInput } from '@shop/contract/customers';
import { messages } from '@shop/contract/messages';
import { IconMailCheck } from '@tabler/icons-react';
import { type MetaFunction, useNavigate } from 'react-router';
import { accountApi } from '../features/account/account-api.ts';
import { useAccountStep } from '../features/account/account-step.ts';
import { startSession } from '../lib/session-store.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { OtpVerificationForm } from '../features/account/otp-verification-form.tsx';
import { notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Verify Email', 'verify_email', args);

/**
 * /verify-email (product rules §2): the code from the sign-up mail logs the new customer in and goes to '/'.
 * Coming from /signup, the sign-up's registration token goes with the code and the resend, so
 * that a code of somebody else's sign-up of the same address verifies nothing here (ADR 0007).
 */
export default function VerifyEmailRoute() {
  const navigate = useNavigate();
  const { email, registrationToken } = useAccountStep();

  async function verify(values: VerifyOtpInput) {
    const session = await accountApi.verifyEmail({ ...values, registration_token: registrationToken });
    startSession(session);
    notifySuccess(messages.emailVerified);
    navigate('/', { replace: true });
  }

  return (
    <AccountCard
      title="Verify Email"
      heading="Verify your email"
      description="Enter the 6-digit OTP from the email we sent you. It is valid for 10 minutes."
      icon={<IconMailCheck size={30} aria-hidden="true" />}
    >
      <OtpVerificationForm
        key={email}
        email={email}
        submitLabel="Verify Email"
        onVerify={verify}
        onResend={(to) => accountApi.resendEmailOtp({ email: to, registration_token: registrationToken })}
      />
    </AccountCard>
  );
}
