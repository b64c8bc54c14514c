// First: schemas built after this import skip zod's eval probe (see zod-jitless.ts).
import '../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { messages } from '@shop/contract/messages';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { type CaptchaHandle, CaptchaWidget } from '../../components/captcha-widget.tsx';
import classes from './contact.module.css';
import { type ContactFormValues, contactFormSchema, emptyContactForm } from './contact-form-schema.ts';
import { sendContactQuery } from './send-contact-query.ts';
import { registerAfterClick } from '../../lib/blur-after-click.ts';

/**
 * The contact form (product rules §2, §5): fields validate on blur; the captcha must be solved before
 * sending; success shows the product's green notice and clears the form, a server error the red
 * notice of the §8 rule.
 */
export function ContactForm() {
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaValue, setCaptchaValue] = useState<string | null>(null);
  const {
    register: registerField,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    mode: 'onBlur',
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm,
  });
  // Checked on blur, but after the click that moved the focus (lib/blur-after-click.ts).
  const register = registerAfterClick(registerField);

  const onSubmit = handleSubmit(async (values) => {
    if (!captchaValue) {
      notifyError(messages.captchaUnsolved);
      return;
    }
    try {
      await sendContactQuery(values, captchaValue);
      notifySuccess(messages.messageSent);
      reset(emptyContactForm);
    } catch (error) {
      notifyError(error);
    } finally {
      // A solution is accepted once; the next message needs a fresh one.
      captcha.current?.reset();
    }
  });

  return (
    <section className={classes.formCard}>
      <Title order={2} className={classes.formHeading}>
        Send us a Message
      </Title>
      <Text c="gray.7" mb="lg">
        Fill in the form and our team will get back to you.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Contact form">
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
          <Textarea
            label="Message"
            placeholder="How can we help you?"
            autosize
            minRows={5}
            maxRows={12}
            withAsterisk
            aria-required
            error={errors.message?.message}
            {...register('message')}
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
            Send Message
          </Button>
        </Stack>
      </form>
    </section>
  );
}
