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
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} cannot exceed ${max} characters.` })
    .check(safeChars(label))
    .nullish()
    .transform((s) => s ?? '');

/** The shopper's home street line: with the city and state it places them for the shopboard. */
const zHomeLine1 = optionalText('Street Address', 200);
const zPostalCode = z
  .string()
  .trim()
  .regex(/^(\d{5}(-\d{4})?)?$/, { error: 'ZIP Code must be 5 digits, such as 78701.' })
  .nullish()
  .transform((s) => s ?? '');

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
  line1: zHomeLine1,
  postalCode: zPostalCode,
  hasCar: z.boolean({ error: 'Has a car must be yes or no.' }).nullish(),
});
export type TShopperRegisterInput = z.infer<typeof ZShopperRegisterInput>;

/** The shopper's own profile page: home address (re-geocoded on save), car, gender and birth year. */
export const ZShopperProfileInput = ZShopperRegisterInput.pick({
  city: true,
  state: true,
  gender: true,
  birthYear: true,
  line1: true,
  postalCode: true,
  hasCar: true,
});
export type TShopperProfileInput = z.infer<typeof ZShopperProfileInput>;

const optionalInt = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} cannot exceed ${max}.` })
    .nullish()
    .transform((n) => n ?? null);

/** A questionnaire's shopper requirements and rotation rules (admin); null or left out: no rule. */
export const ZShopperRulesInput = z
  .object({
    minAge: optionalInt('Minimum age', 16, 99),
    maxAge: optionalInt('Maximum age', 16, 99),
    gender: z
      .enum(SHOPPER_GENDERS, { error: 'Gender must be female, male or other.' })
      .nullish()
      .transform((g) => g ?? null),
    requiresCar: z
      .boolean()
      .nullish()
      .transform((b) => b ?? false),
    certificationId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((s) => s || null),
    minRating: z
      .number({ error: 'Minimum rating must be a number from 1 to 10.' })
      .min(1, { error: 'Minimum rating must be a number from 1 to 10.' })
      .max(10, { error: 'Minimum rating must be a number from 1 to 10.' })
      .nullish()
      .transform((n) => n ?? null),
    locationGapDays: optionalInt('Days between visits to a location', 1, 3650),
    maxVisitsPerCycle: optionalInt('Visits per shopper per cycle', 1, 100),
  })
  .refine((r) => r.minAge == null || r.maxAge == null || r.minAge <= r.maxAge, {
    error: 'Maximum age must be at least the minimum age.',
    path: ['maxAge'],
  });
export type TShopperRulesInput = z.infer<typeof ZShopperRulesInput>;

export const ZCertificationInput = z.object({
  name: required('Certification name', 80),
  description: optionalText('Description', 500),
});
