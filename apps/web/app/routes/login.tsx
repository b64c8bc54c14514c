import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group } from '@mantine/core';
import { customerMessages, type LoginInput, loginSchema } from '@shop/contract/customers';
import { messages } from '@shop/contract/messages';
import { ApiFailure } from '@shop/contract/storefront-context';
import { IconLogin2, IconUserCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useEffect } from 'react';
import { Link, type MetaFunction, useNavigate } from 'react-router';
import { accountApi, safeLocalPath } from '../features/account/account-api.ts';
import { toAccountStep, useAccountStep } from '../features/account/account-step.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { AccountForm, EmailField } from '../features/account/account-form.tsx';
import { PasswordField } from '../features/account/password-field.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { afterLoginRedirect, startSession } from '../lib/session-store.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Login', 'login', args);

function isUnverified(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    Array.isArray(error.data) &&
    error.data.some((e: { message?: unknown }) => e.message === customerMessages.emailNotVerified)
  );
}

/** /login (product rules §2): e-mail and password; success goes to the stored after-login target, else '/'. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const { email } = useAccountStep();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { login_method: 'email', username: email, password: '' } as LoginInput,
  });
  // A reloaded /login reads the e-mail handed to it only after hydration (account-step.ts).
  useEffect(() => {
    if (email && !form.getValues('username')) form.setValue('username', email);
  }, [email, form]);
  const { errors, isSubmitting } = form.formState;

  async function submit(values: LoginInput) {
    try {
      const session = await accountApi.logIn(values);
      startSession(session);
      notifySuccess(messages.loggedIn, 5000);
      const target = safeLocalPath(afterLoginRedirect.get());
      afterLoginRedirect.clear();
      navigate(target ?? '/', { replace: true });
    } catch (error) {
      // Spec §9: login toasts (both kinds) stay 5000 ms.
      notifyError(error, 5000);
      // An account that was never verified: a new code is on its way, so go and enter it.
      if (isUnverified(error))
        navigate('/verify-email', toAccountStep({ email: values.username.trim().toLowerCase() }));
    }
  }

  return (
    <AccountCard
      title="Login"
      heading="Welcome back"
      description="Log in to see your orders, saved addresses and to check out faster."
      icon={<IconUserCircle size={30} aria-hidden="true" />}
      footer={{ text: "Don't have an account?", to: '/signup', label: 'Signup here' }}
    >
      <AccountForm
        onSubmit={form.handleSubmit(submit)}
        submitLabel="Login"
        submitIcon={<IconLogin2 size={18} aria-hidden="true" />}
        submitting={isSubmitting}
      >
        <EmailField error={errors.username?.message} {...form.register('username')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor c="maroon.8" component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </AccountForm>
    </AccountCard>
  );
}
