import type { VerifyOtpInput } from '@shop/contract/customers';
import { IconShieldLock } from '@tabler/icons-react';
import { type MetaFunction, useNavigate } from 'react-router';
import { accountApi } from '../features/account/account-api.ts';
import { toAccountStep, useAccountStep } from '../features/account/account-step.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { OtpVerificationForm } from '../features/account/otp-verification-form.tsx';
import { afterLoginRedirect } from '../lib/session-store.ts';
import { notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Verify OTP', 'verify_otp', args);

/**
 * /verify-otp (product rules §2, forgot-password flow): a verified reset code lets the customer log in once
 * with it, so the after-login target becomes /change-password and the login screen opens.
 */
export default function VerifyOtpRoute() {
  const navigate = useNavigate();
  const { email } = useAccountStep();

  async function verify(values: VerifyOtpInput) {
    const response = await accountApi.verifyResetOtp(values);
    notifySuccess(response.message, 10_000);
    afterLoginRedirect.set('/change-password');
    navigate('/login', toAccountStep({ email: values.email }));
  }

  return (
    <AccountCard
      title="Verify OTP"
      heading="Enter your reset code"
      description="Enter the 6-digit OTP from the password reset email. It is valid for 10 minutes."
      icon={<IconShieldLock size={30} aria-hidden="true" />}
    >
      <OtpVerificationForm
        key={email}
        email={email}
        submitLabel="Verify OTP"
        onVerify={verify}
        onResend={(to) => accountApi.forgotPassword({ email: to })}
      />
    </AccountCard>
  );
}
