import { Button, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEventHandler, forwardRef, type ReactNode } from 'react';

/**
 * The form of an account screen (inside an AccountCard): its fields stacked, then the full-width
 * submit button, which spins while the form is submitted. The browser's own validation is off:
 * the contract's schemas check the fields and their messages show under them.
 */
export function AccountForm({
  onSubmit,
  submitLabel,
  submitIcon,
  submitting,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitIcon?: ReactNode;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Button
          color="maroon"
          type="submit"
          size="md"
          fullWidth
          loading={submitting}
          leftSection={submitIcon}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The e-mail field of the account forms. */
export const EmailField = forwardRef<HTMLInputElement, TextInputProps>(function EmailField(props, ref) {
  return (
    <TextInput
      ref={ref}
      label="Email"
      type="email"
      autoComplete="email"
      leftSection={<IconMail size={18} aria-hidden="true" />}
      {...props}
    />
  );
});
