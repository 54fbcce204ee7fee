import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * Mantine's PasswordInput, telling screen readers when it is invalid: unlike TextInput it ties its
 * error to the field (aria-describedby) but does not set aria-invalid on its input.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    return <PasswordInput ref={ref} aria-invalid={Boolean(props.error)} {...props} />;
  },
);
