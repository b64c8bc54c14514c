import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type EmailOnlyInput, emailOnlySchema } from '@shop/contract/customers';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, type MetaFunction, useNavigate } from 'react-router';
import { accountApi, withEmail } from '../features/account/account-api.ts';
import { AccountCard } from '../features/account/account-card.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Forgot Password', 'forgot_password', args);

/** /forgot-password (spec §2): the e-mail and 'Reset Password'; success opens /verify-otp. */
export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: EmailOnlyInput) {
    try {
      const response = await accountApi.forgotPassword(values);
      notifySuccess(response.message);
      navigate(withEmail('/verify-otp', values.email));
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
      footer={
        <>
          Remembered it?{' '}
          <Anchor c="maroon.8" component={Link} to="/login" fw={600}>
            Back to login
          </Anchor>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={18} aria-hidden="true" />}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button color="maroon" type="submit" size="md" fullWidth loading={isSubmitting}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
