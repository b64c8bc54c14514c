import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailOnlyInput, emailOnlySchema } from '@shop/contract/customers';
import { IconKey } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { type MetaFunction, useNavigate } from 'react-router';
import { accountApi } from '../features/account/account-api.ts';
import { toAccountStep } from '../features/account/account-step.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { AccountForm, EmailField } from '../features/account/account-form.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Forgot Password', 'forgot_password', args);

/** /forgot-password (product rules §2): the e-mail and 'Reset Password'; success opens /verify-otp. */
export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: EmailOnlyInput) {
    try {
      const response = await accountApi.forgotPassword(values);
      notifySuccess(response.message);
      navigate('/verify-otp', toAccountStep({ email: values.email }));
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <AccountCard
      title="Forgot Password"
      heading="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you an OTP to reset your password."
      icon={<IconKey size={30} aria-hidden="true" />}
      footer={{ text: 'Remembered it?', to: '/login', label: 'Back to login' }}
    >
      <AccountForm
        onSubmit={form.handleSubmit(submit)}
        submitLabel="Reset Password"
        submitting={isSubmitting}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
      </AccountForm>
    </AccountCard>
  );
}
