/** The API keys page's texts (issue 20), shared with its tests. */
export const MSG_API_KEYS_INTRO =
  "An API key lets your own systems (BI tools, intranets, ticketing) read this account's reports " +
  'through the reporting API and GraphQL without a login: send it as "Authorization: Bearer <key>". A ' +
  'key sees every location of the account and can change nothing.';
export const MSG_NO_API_KEYS = 'No API keys yet.';
export const MSG_KEY_SHOWN_ONCE =
  'Copy this key now and keep it somewhere safe: it is shown only this once. If it is lost, revoke it and create another.';
export const MSG_API_KEY_REVOKED = (name: string) =>
  `The key ${name} is revoked; systems using it are refused.`;
export const MSG_REVOKE_NOTE =
  'Systems using this key are refused from their next call. This cannot be undone.';
