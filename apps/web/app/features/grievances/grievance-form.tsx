// First: schemas built after this import skip zod's eval probe (see zod-jitless.ts).
import '../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  GRIEVANCE_CATEGORIES,
  type GrievanceCreated,
  grievanceCategoryLabels,
} from '@shop/contract/grievances';
import { messages } from '@shop/contract/messages';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CaptchaHandle, CaptchaWidget } from '../../components/captcha-widget.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  emptyGrievanceForm,
  type GrievanceFormValues,
  grievanceFormSchema,
} from './grievance-form-schema.ts';
import classes from './grievances.module.css';
import { fileGrievance } from './grievances-api.ts';
import { registerAfterClick } from '../../lib/blur-after-click.ts';

/**
 * The grievance form, for guests and customers alike: fields validate on blur, the captcha must
 * be solved, and a filed grievance shows its ticket number (the acknowledgement mail follows at
 * once). A logged-in customer's e-mail is filled in for them.
 */
export function GrievanceForm({ onFiled }: { onFiled: (filed: GrievanceCreated, email: string) => void }) {
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaValue, setCaptchaValue] = useState<string | null>(null);
  const [filed, setFiled] = useState<{ ticket: string; email: string } | null>(null);
  const { customer } = useSession();
  const {
    register: registerField,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GrievanceFormValues>({
    mode: 'onBlur',
    resolver: zodResolver(grievanceFormSchema),
    defaultValues: emptyGrievanceForm,
  });
  // Checked on blur, but after the click that moved the focus (lib/blur-after-click.ts).
  const register = registerAfterClick(registerField);

  useEffect(() => {
    if (customer?.email && !getValues('email_address')) setValue('email_address', customer.email);
  }, [customer?.email, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    if (!captchaValue) {
      notifyError(messages.captchaUnsolved);
      return;
    }
    try {
      const result = await fileGrievance(values, captchaValue);
      notifySuccess(result.message, 5000);
      setFiled({ ticket: result.ticket_number, email: values.email_address });
      onFiled(result, values.email_address);
      reset({ ...emptyGrievanceForm, email_address: customer?.email ?? '' });
    } catch (error) {
      notifyError(error);
    } finally {
      // A solution is accepted once; the next grievance needs a fresh one.
      captcha.current?.reset();
    }
  });

  return (
    <section className={classes.formCard} aria-labelledby="grievance-form-heading">
      <Title order={2} className={classes.cardHeading} id="grievance-form-heading">
        File a Grievance
      </Title>
      <Text c="gray.7" mb="lg">
        Tell us what went wrong. You get a ticket number at once and an acknowledgement by e-mail.
      </Text>
      {filed && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title="Grievance registered"
          mb="lg"
          role="status"
          data-testid="grievance-filed"
        >
          Your ticket number is{' '}
          <strong className={classes.ticket} data-testid="grievance-ticket">
            {filed.ticket}
          </strong>
          . We have sent an acknowledgement to {filed.email}. Keep the number to check the status below.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Grievance form">
        <Stack gap="md">
          <div className={classes.twoCols}>
            <TextInput
              label="Name"
              placeholder="Your full name"
              autoComplete="name"
              withAsterisk
              aria-required
              error={errors.name?.message}
              {...register('name')}
            />
            <TextInput
              label="Email"
              placeholder="you@example.com"
              type="email"
              autoComplete="email"
              withAsterisk
              aria-required
              error={errors.email_address?.message}
              {...register('email_address')}
            />
          </div>
          <div className={classes.twoCols}>
            <TextInput
              label="Phone"
              placeholder="+91 98765 43210"
              type="tel"
              autoComplete="tel"
              withAsterisk
              aria-required
              error={errors.contact_number?.message}
              {...register('contact_number')}
            />
            <TextInput
              label="Order number (if any)"
              placeholder="KFL-2026-000123"
              error={errors.order_number?.message}
              {...register('order_number')}
            />
          </div>
          <NativeSelect
            label="What is it about?"
            withAsterisk
            aria-required
            error={errors.category?.message}
            {...register('category')}
          >
            <option value="">Choose one</option>
            {GRIEVANCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {grievanceCategoryLabels[category]}
              </option>
            ))}
          </NativeSelect>
          <Textarea
            label="Your grievance"
            placeholder="What happened, and what would you like us to do?"
            autosize
            minRows={5}
            maxRows={12}
            withAsterisk
            aria-required
            error={errors.description?.message}
            {...register('description')}
          />
          <CaptchaWidget ref={captcha} onChange={setCaptchaValue} />
          <Button
            type="submit"
            size="md"
            color="maroon.8"
            loading={isSubmitting}
            leftSection={<IconSend size={18} aria-hidden />}
            className={classes.submit}
          >
            Submit Grievance
          </Button>
        </Stack>
      </form>
    </section>
  );
}
