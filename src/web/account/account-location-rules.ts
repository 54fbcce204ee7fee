export interface EditableAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  formattedAddress: string;
  googlePlacesId: string;
  addressName: string;
}

const TYPED_PARTS = ['line1', 'line2', 'city', 'state'] as const;

/**
 * The address to save from an in-place edit. The postal code never changes here (it is locked once
 * shops were placed there); when a typed part changed, the geocoded form and place id no longer
 * describe the address, so they are dropped and the typed parts are shown instead.
 */
export function editedAddress(saved: EditableAddress, typed: EditableAddress): EditableAddress {
  const next = { ...typed, postalCode: saved.postalCode };
  const changed = TYPED_PARTS.some((part) => next[part].trim() !== saved[part].trim());
  return changed ? { ...next, formattedAddress: '', googlePlacesId: '' } : next;
}
