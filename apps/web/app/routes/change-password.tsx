import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '@shop/contract/customers';
import { IconLockPassword } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { type MetaFunction, useNavigate } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Protected } from '../components/protected.tsx';
import { accountApi } from '../features/account/account-api.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { AccountForm } from '../features/account/account-form.tsx';
import { PasswordField } from '../features/account/password-field.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { RESET_SCOPE_FLAG, userData } from '../lib/session-store.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Change Password', 'change_password', args);

/** /change-password (product rules §2, logged-in area): new and retyped password; the server message shows 8 s. */
export default function ChangePasswordRoute() {
  return (
    <>
      <InnerPageBanner title="Change Password" />
      <Protected allowPasswordReset>
        <ChangePasswordForm />
      </Protected>
    </>
  );
}

function ChangePasswordForm() {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: ChangePasswordFormInput) {
    try {
      const response = await accountApi.changePassword({ new_password: values.new_password });
      // A password-reset session is a normal login from now on (the server upgraded the token).
      const customer = userData.get();
      if (customer && RESET_SCOPE_FLAG in customer) {
        const { [RESET_SCOPE_FLAG]: _scope, ...rest } = customer;
        userData.set(rest as typeof customer);
      }
      notifySuccess(response.message, 8000);
      navigate('/', { replace: true });
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <AccountCard
      title="Change Password"
      heading="Choose a new password"
      description="Use at least 8 characters. You will stay logged in here; other devices are logged out."
      icon={<IconLockPassword size={30} aria-hidden="true" />}
      banner={false}
    >
      <AccountForm
        onSubmit={form.handleSubmit(submit)}
        submitLabel="Change Password"
        submitting={isSubmitting}
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <PasswordField
          label="Retype Password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
      </AccountForm>
    </AccountCard>
  );
}
