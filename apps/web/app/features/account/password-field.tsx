import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { forwardRef } from 'react';

/**
 * A password input of the account forms. The show/hide button's name avoids the word
 * "password" so that the field's label stays the only thing called "Password". Unlike Mantine's
 * TextInput, its PasswordInput does not mark the field invalid while it shows an error: a screen
 * reader would read the error but not that the field is the one at fault.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    return (
      <PasswordInput
        ref={ref}
        leftSection={<IconLock size={18} aria-hidden="true" />}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
        aria-invalid={props.error ? true : undefined}
        {...props}
      />
    );
  },
);
