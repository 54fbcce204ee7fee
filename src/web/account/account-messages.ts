// The account area's success texts (account-and-reporting 8), exactly as the spec gives them.
export const MSG_INFO_SAVED = 'Successfully saved your information';
export const MSG_LOCATION_SAVED = 'Successfully saved your location';
export const MSG_LOCATION_REMOVED = 'Successfully removed your location';
export const MSG_CARD_SAVED = 'Successfully saved your card info';
export const MSG_SHOP_SAVED = 'Successfully saved your shop settings.';
export const MSG_SHOP_CANCELED = 'Successfully canceled.';

/** Communication Preferences: what the daily digest holds, and that action plans never wait for it. */
export const MSG_DIGEST_HOLDS =
  'One e-mail a day with the shops scheduled, sent to quality assurance and completed, and the customer surveys completed. Action plans are always sent at once.';
export const MSG_ACTION_PLANS_AT_ONCE =
  'Sent at once, even with the daily digest: a plan asks for an answer by a date.';
