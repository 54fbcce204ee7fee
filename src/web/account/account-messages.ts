// The account area's success texts (account-and-reporting 8), exactly as the spec gives them.
export const MSG_INFO_SAVED = 'Successfully saved your information';
export const MSG_LOCATION_SAVED = 'Successfully saved your location';
export const MSG_LOCATION_REMOVED = 'Successfully removed your location';
export const MSG_CARD_SAVED = 'Successfully saved your card info';
export const MSG_SHOP_SAVED = 'Successfully saved your shop settings.';
export const MSG_SHOP_CANCELED = 'Successfully canceled.';
