import { z } from 'zod';
import { safeChars } from './text';

/** Spec (account-and-reporting 5, admin-and-evaluation 5): shared password rules and their exact texts. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const MSG_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters.';
export const MSG_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

export const zPassword = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

export const zEmail = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required.' })
  .check(safeChars('Email'))
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

/** A password typed twice: the confirmation must match. */
export const ZPasswordWithConfirmation = z
  .object({ password: zPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG_PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type TPasswordWithConfirmation = z.infer<typeof ZPasswordWithConfirmation>;

export const ZLoginInput = z.object({
  email: z.string().trim().min(1, { error: 'Email is required.' }),
  password: z.string().min(1, { error: 'Password is required.' }),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZForgotPasswordInput = z.object({ email: zEmail });

export const ZResetPasswordInput = z.object({
  token: z.string().min(1, { error: 'The reset link is invalid or has expired.' }),
  password: zPassword,
});

export const ZChangePasswordInput = z.object({
  oldPassword: z.string().min(1, { error: 'Current Password is required.' }),
  newPassword: zPassword,
});

/** Form-side schema of Change Password: three fields, the new one typed twice. */
export const ZChangePasswordForm = z
  .object({
    oldPassword: z.string().min(1, { error: 'Current Password is required.' }),
    password: zPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG_PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** Profile: firstName, lastName, businessName and phone are required (spec: account info). */
export const ZProfile = z.object({
  firstName: z
    .string({ error: 'First Name is required.' })
    .trim()
    .min(1, { error: 'First Name is required.' })
    .max(100)
    .check(safeChars('First Name')),
  lastName: z
    .string({ error: 'Last Name is required.' })
    .trim()
    .min(1, { error: 'Last Name is required.' })
    .max(100)
    .check(safeChars('Last Name')),
  businessName: z
    .string({ error: 'Business Name is required.' })
    .trim()
    .min(1, { error: 'Business Name is required.' })
    .max(200)
    .check(safeChars('Business Name')),
  phone: z
    .string({ error: 'Phone Number is required.' })
    .trim()
    .min(1, { error: 'Phone Number is required.' })
    .max(40)
    .check(safeChars('Phone Number')),
  additionalEmails: z.string().trim().max(2000).check(safeChars('Additional Emails')).optional().default(''),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZRegisterInput = z.object({
  email: zEmail,
  password: zPassword,
  profile: ZProfile,
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;
