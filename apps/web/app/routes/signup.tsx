import { zodResolver } from '@hookform/resolvers/zod';
import { type SignupInput, signupSchema } from '@shop/contract/customers';
import { messages } from '@shop/contract/messages';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { type MetaFunction, useNavigate } from 'react-router';
import { accountApi } from '../features/account/account-api.ts';
import { toAccountStep } from '../features/account/account-step.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { AccountForm, EmailField } from '../features/account/account-form.tsx';
import { PasswordField } from '../features/account/password-field.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Signup', 'signup', args);

/** /signup (product rules §2): e-mail, password and confirmation; success sends a code and opens /verify-email. */
export default function SignupRoute() {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: SignupInput) {
    try {
      const response = await accountApi.signUp(values);
      notifySuccess(messages.otpSent);
      navigate(
        '/verify-email',
        toAccountStep({ email: response.email, registration_token: response.registration_token }),
      );
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <AccountCard
      title="Signup"
      heading="Create your account"
      description="Sign up with your e-mail address. We will send you a 6-digit OTP to verify it."
      icon={<IconUserPlus size={30} aria-hidden="true" />}
      footer={{ text: 'Already have an account?', to: '/login', label: 'Login here' }}
    >
      <AccountForm
        onSubmit={form.handleSubmit(submit)}
        submitLabel="Signup"
        submitIcon={<IconUserPlus size={18} aria-hidden="true" />}
        submitting={isSubmitting}
      >
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters."
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
      </AccountForm>
    </AccountCard>
  );
}
