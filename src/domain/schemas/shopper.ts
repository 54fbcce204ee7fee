import { z } from 'zod';
import { zEmail, zPassword } from './account';
import { safeChars } from './text';

export const SHOPPER_GENDERS = ['female', 'male', 'other'] as const;
export const MSG_STATE = 'State must be a two-letter US state code, such as TX.';

const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} cannot exceed ${max} characters.` })
    .check(safeChars(label));

/**
 * The evaluator app's sign-up: a shopper's contact details and where they shop (visits are offered
 * by state and city). Gender and birth year are optional; rulesets may read them.
 */
export const ZShopperRegisterInput = z.object({
  email: zEmail,
  password: zPassword,
  firstName: required('First Name'),
  lastName: required('Last Name'),
  phone: required('Phone Number', 40),
  city: required('City'),
  state: z
    .string({ error: MSG_STATE })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: MSG_STATE })
    .transform((s) => s.toUpperCase()),
  gender: z.enum(SHOPPER_GENDERS, { error: 'Gender must be female, male or other.' }).nullish(),
  birthYear: z
    .number({ error: 'Birth Year must be a year.' })
    .int({ error: 'Birth Year must be a year.' })
    .min(1900, { error: 'Birth Year must be 1900 or later.' })
    .max(2015, { error: 'Shoppers must be at least 11 years old.' })
    .nullish(),
});
export type TShopperRegisterInput = z.infer<typeof ZShopperRegisterInput>;
