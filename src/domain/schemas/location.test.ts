import { describe, expect, it } from 'vitest';
import { fieldErrors, firstError } from './field-errors';
import { ZBulkLocationsInput, ZLocationEditInput, ZLocationInput } from './location';

const address = { line1: '1 Main St', city: 'Reno', state: 'NV', postalCode: '89501' };

function errors(input: unknown) {
  const r = ZLocationInput.safeParse(input);
  return r.success ? [] : fieldErrors(r.error);
}

describe('new-location form', () => {
  it('accepts an address and a name; website, phone and e-mails are optional', () => {
    const out = ZLocationInput.parse({ address, name: ' Downtown ' });
    expect(out).toMatchObject({ name: 'Downtown', website: '', phone: '', additionalEmails: '', oids: [] });
    expect(out.address).toMatchObject(address);
  });

  it('checks the address before the name', () => {
    const r = ZLocationInput.safeParse({ name: '' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error)).toEqual([
      { field: 'address', message: 'Location Address is required.' },
      { field: 'name', message: 'Location Name is required.' },
    ]);
    expect(firstError(r.error)?.message).toBe('Location Address is required.');
  });

  it.each([
    { case: 'no address', input: { name: 'A' }, field: 'address', message: 'Location Address is required.' },
    {
      case: 'a null address',
      input: { address: null, name: 'A' },
      field: 'address',
      message: 'Location Address is required.',
    },
    {
      case: 'an address without a street or formatted address',
      input: { address: { city: 'Reno' }, name: 'A' },
      field: 'address',
      message: 'Location Address is required.',
    },
    {
      case: 'a blank name',
      input: { address, name: '  ' },
      field: 'name',
      message: 'Location Name is required.',
    },
    {
      case: 'an invalid additional e-mail',
      input: { address, name: 'A', additionalEmails: 'a@x.com,bad' },
      field: 'additionalEmails',
      message: 'Emails to Receive Reports for this Location: "bad" is not a valid email address.',
    },
    {
      case: 'a phone with 9 digits',
      input: { address, name: 'A', phone: '(555)-123-456' },
      field: 'phone',
      message: 'Phone Number must have 10 digits, or 11 starting with 1.',
    },
    {
      case: 'an 11-digit phone not starting with 1',
      input: { address, name: 'A', phone: '25551234567' },
      field: 'phone',
      message: 'Phone Number must have 10 digits, or 11 starting with 1.',
    },
  ])('rejects $case', ({ input, field, message }) => {
    expect(errors(input)).toEqual([{ field, message }]);
  });

  it.each(['(555)-123-4567', '1-(555)-123-4567', ''])('accepts the phone %o', (phone) => {
    expect(errors({ address, name: 'A', phone })).toEqual([]);
  });

  it('accepts a geocoded address holding only a formatted address', () => {
    expect(errors({ address: { formattedAddress: '1 Main St, Reno, NV' }, name: 'A' })).toEqual([]);
  });

  it('normalises comma-separated e-mails', () => {
    expect(
      ZLocationInput.parse({ address, name: 'A', additionalEmails: ' a@x.com ,, b@y.com ' }).additionalEmails,
    ).toBe('a@x.com, b@y.com');
  });

  it('edits only name, website, phone, address and e-mails, dropping the address type marker', () => {
    const out = ZLocationEditInput.parse({
      address: { ...address, __typename: 'Address' },
      name: 'A',
      oids: ['o1'],
      published: false,
    });
    expect(Object.keys(out).sort()).toEqual(['additionalEmails', 'address', 'name', 'phone', 'website']);
    expect(out.address).not.toHaveProperty('__typename');
  });
});

describe('bulk locations', () => {
  const row = (name: string) => ({ address, name, oids: ['o1'] });

  it('accepts rows that all have a Location Name', () => {
    expect(ZBulkLocationsInput.parse([row('1'), row('2')]).map((r) => r.name)).toEqual(['1', '2']);
  });

  it("reports 'All locations must have a Location Name' once when any row lacks one", () => {
    const r = ZBulkLocationsInput.safeParse([row('1'), row(''), row(' ')]);
    expect(r.success ? [] : fieldErrors(r.error)).toEqual([
      { field: '', message: 'All locations must have a Location Name' },
    ]);
  });

  it('needs at least one row', () => {
    const r = ZBulkLocationsInput.safeParse([]);
    expect(r.success ? [] : fieldErrors(r.error)).toEqual([
      { field: '', message: 'Add at least one location.' },
    ]);
  });
});
