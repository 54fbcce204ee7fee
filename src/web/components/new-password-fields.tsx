import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { PasswordField } from './password-field';

/** The fields a form that sets a new password shares (its schema checks that they match). */
export type NewPasswordValues = { password?: string | null; confirmPassword?: string | null };

/**
 * Password and Confirm Password for a new login's password (Create Account, checkout, Reset Password,
 * a team invitation), wired to a react-hook-form form whose values include NewPasswordValues. Two
 * siblings, so the caller lays them out: in a Stack, or side by side in a grid.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form: typedForm,
  autoFocus = false,
}: {
  form: UseFormReturn<T>;
  /** Start in Password (a page that asks for nothing else). */
  autoFocus?: boolean;
}) {
  // The paths below exist on every T; react-hook-form's generics cannot see that through `extends`.
  const form = typedForm as unknown as UseFormReturn<NewPasswordValues>;
  const e = form.formState.errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label="Password"
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        {...form.register('password')}
        error={e.password?.message}
      />
      <PasswordField
        label="Confirm Password"
        required
        autoComplete="new-password"
        {...form.register('confirmPassword')}
        error={e.confirmPassword?.message}
      />
    </>
  );
}
