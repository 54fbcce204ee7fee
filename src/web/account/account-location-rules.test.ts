import { describe, expect, it } from 'vitest';
import { type EditableAddress, editedAddress } from './account-location-rules';

const saved: EditableAddress = {
  line1: '500 Congress Ave',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
  formattedAddress: '500 Congress Ave, Austin, TX 78701, USA',
  googlePlacesId: 'place-1',
  addressName: '',
};

describe('editedAddress', () => {
  it('keeps the geocoded address when no typed part changed', () => {
    expect(editedAddress(saved, { ...saved })).toEqual(saved);
  });

  it('drops the geocoded form and place id when the street changed', () => {
    const next = editedAddress(saved, { ...saved, line1: '501 Congress Ave' });
    expect(next).toMatchObject({ line1: '501 Congress Ave', formattedAddress: '', googlePlacesId: '' });
  });

  it('never changes the postal code', () => {
    expect(editedAddress(saved, { ...saved, postalCode: '10001' }).postalCode).toBe('78701');
  });
});
