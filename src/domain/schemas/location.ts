import { z } from 'zod';
import { zEmailList } from './additional-emails';
import { zId, zOptionalText } from './common';
import { safeChars } from './text';

export const MSG_LOCATION_ADDRESS_REQUIRED = 'Location Address is required.';
export const MSG_LOCATION_NAME_REQUIRED = 'Location Name is required.';
export const MSG_BULK_LOCATION_NAME_REQUIRED = 'All locations must have a Location Name';
export const MSG_PHONE_INVALID = 'Phone Number must have 10 digits, or 11 starting with 1.';
/** A sanity cap on one bulk add (the spec gives none). */
export const MAX_BULK_LOCATIONS = 1000;

/** The address shape shared by typed and geocoded addresses; unknown keys (e.g. __typename) are dropped. */
export const ZAddress = z.object({
  line1: z.string().trim().max(300).check(safeChars('Address line 1')).optional().default(''),
  line2: z
    .string()
    .trim()
    .max(300)
    .check(safeChars('Address line 2'))
    .nullish()
    .transform((v) => v ?? ''),
  city: z
    .string()
    .trim()
    .max(200)
    .check(safeChars('City'))
    .nullish()
    .transform((v) => v ?? ''),
  state: z
    .string()
    .trim()
    .max(100)
    .check(safeChars('State'))
    .nullish()
    .transform((v) => v ?? ''),
  postalCode: z
    .string()
    .trim()
    .max(20)
    .check(safeChars('Zip Code'))
    .nullish()
    .transform((v) => v ?? ''),
  country: z
    .string()
    .trim()
    .max(100)
    .check(safeChars('Country'))
    .nullish()
    .transform((v) => v ?? ''),
  addressName: z
    .string()
    .trim()
    .max(300)
    .check(safeChars('Address name'))
    .nullish()
    .transform((v) => v ?? ''),
  formattedAddress: z
    .string()
    .trim()
    .max(500)
    .check(safeChars('Location Address'))
    .nullish()
    .transform((v) => v ?? ''),
  googlePlacesId: z
    .string()
    .trim()
    .max(300)
    .check(safeChars('Place id'))
    .nullish()
    .transform((v) => v ?? ''),
});
export type TAddress = z.infer<typeof ZAddress>;

/** An address is present when it has a street line or a geocoded formatted address. */
const zRequiredAddress = z
  .unknown()
  .refine((v) => v !== null && typeof v === 'object', { error: MSG_LOCATION_ADDRESS_REQUIRED, abort: true })
  .pipe(ZAddress)
  .refine((a) => a.line1 !== '' || a.formattedAddress !== '', { error: MSG_LOCATION_ADDRESS_REQUIRED });

/** Optional US phone: empty, or 10 digits, or 11 digits starting with 1 (punctuation ignored). */
export const zOptionalPhone = zOptionalText('Phone Number', 40).refine(
  (v) => {
    const digits = v.replace(/\D/g, '');
    return v === '' || digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  },
  { error: MSG_PHONE_INVALID },
);

const zLocationName = z
  .string({ error: MSG_LOCATION_NAME_REQUIRED })
  .trim()
  .min(1, { error: MSG_LOCATION_NAME_REQUIRED })
  .max(200, { error: 'Location Name cannot exceed 200 characters.' })
  .check(safeChars('Location Name'));

/** Key order matters: the address is checked (and reported) before the name. */
const locationFields = {
  address: zRequiredAddress,
  name: zLocationName,
  website: zOptionalText('Website', 500),
  phone: zOptionalPhone,
  additionalEmails: zEmailList('Emails to Receive Reports for this Location'),
};

/** addLocation(input): the new-location form. */
export const ZLocationInput = z.object({
  ...locationFields,
  oids: z.array(zId('Order')).max(100).optional().default([]),
});
export type TLocationInput = z.infer<typeof ZLocationInput>;

/** saveLocation(locationId, oid?, input): editing restricted to these five fields. */
export const ZLocationEditInput = z.object(locationFields);
export type TLocationEditInput = z.infer<typeof ZLocationEditInput>;

/** One validated row of the bulk-add table; its name is checked for the whole table at once. */
export const ZBulkLocationRow = z.object({
  address: zRequiredAddress,
  name: z
    .string()
    .trim()
    .max(200, { error: 'Location Name cannot exceed 200 characters.' })
    .check(safeChars('Location Name'))
    .default(''),
  website: zOptionalText('Website', 500),
  phone: zOptionalPhone,
  oids: z.array(zId('Order')).max(100).optional().default([]),
});

/** addBulkLocations(input[]): every row needs a Location Name, reported once for the table. */
export const ZBulkLocationsInput = z
  .array(ZBulkLocationRow)
  .min(1, { error: 'Add at least one location.' })
  .max(MAX_BULK_LOCATIONS, { error: `Add at most ${MAX_BULK_LOCATIONS} locations at a time.` })
  .superRefine((rows, ctx) => {
    if (rows.some((row) => row.name === '')) {
      ctx.addIssue({ code: 'custom', message: MSG_BULK_LOCATION_NAME_REQUIRED });
    }
  });
export type TBulkLocationsInput = z.infer<typeof ZBulkLocationsInput>;
