import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Text, TextInput } from '@mantine/core';
import { OTP_RESEND_SECONDS, type VerifyOtpInput, verifyOtpSchema } from '@shop/contract/customers';
import { messages } from '@shop/contract/messages';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import classes from './account.module.css';
import { AccountForm, EmailField } from './account-form.tsx';
import { useResendWait } from './use-resend-wait.ts';

/**
 * The shared layout of Verify Email and Verify OTP (product rules §2): the e-mail, an OTP field and the
 * text 'You can resend the OTP in 60 secs' — as the product rules say it, not a ticking count (§9 "The OTP
 * text says 60 secs"). Once the 60 seconds are over, a 'Resend OTP' link takes its place and asks
 * for a new code; sending one starts the wait again. Without an e-mail in the address, the
 * customer types it.
 */
export function OtpVerificationForm({
  email,
  submitLabel,
  onVerify,
  onResend,
}: {
  email: string;
  submitLabel: string;
  onVerify: (values: VerifyOtpInput) => Promise<void>;
  onResend: (email: string) => Promise<{ message: string }>;
}) {
  const { waiting, restart } = useResendWait(OTP_RESEND_SECONDS);
  const [resending, setResending] = useState(false);
  const form = useForm({
    resolver: zodResolver(verifyOtpSchema),
    defaultValues: { email, email_verification_otp: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // The shopper arrives here to type one thing: focus it (the code, or the e-mail when the address
  // names none), unless they already clicked or typed into something before the page hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    form.setFocus(email ? 'email_verification_otp' : 'email');
  }, []);

  async function submit(values: VerifyOtpInput) {
    try {
      await onVerify(values);
    } catch (error) {
      notifyError(error);
    }
  }

  async function resend() {
    const valid = await form.trigger('email');
    if (!valid) return;
    setResending(true);
    try {
      const response = await onResend(form.getValues('email').trim().toLowerCase());
      notifySuccess(response.message);
      restart();
    } catch (error) {
      notifyError(error);
    } finally {
      setResending(false);
    }
  }

  return (
    <AccountForm
      onSubmit={form.handleSubmit(submit)}
      submitLabel={submitLabel}
      submitIcon={<IconShieldCheck size={18} aria-hidden="true" />}
      submitting={isSubmitting}
    >
      {email ? (
        <Text ta="center" size="sm">
          We have sent a 6-digit OTP to
          <span className={classes.email}>{email}</span>
        </Text>
      ) : (
        <EmailField error={errors.email?.message} {...form.register('email')} />
      )}
      <TextInput
        label="OTP"
        placeholder="••••••"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        size="md"
        className={classes.otpInput}
        error={errors.email_verification_otp?.message}
        {...form.register('email_verification_otp')}
      />
      <Group justify="center" className={classes.resendRow} aria-live="polite">
        {waiting ? (
          <Text size="sm" c="gray.7">
            {messages.resendOtpIn(OTP_RESEND_SECONDS)}
          </Text>
        ) : (
          <Text size="sm">
            Didn&apos;t get the code?{' '}
            <Anchor
              c="maroon.8"
              component="button"
              type="button"
              fw={600}
              onClick={resend}
              disabled={resending}
            >
              Resend OTP
            </Anchor>
          </Text>
        )}
      </Group>
    </AccountForm>
  );
}
