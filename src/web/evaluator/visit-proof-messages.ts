/** What the visit proof card says when the check-in or check-out cannot reach the server yet. */
export const MSG_CHECK_IN_WAITING =
  'No connection. Your check-in is kept on this phone and is sent by itself when the connection returns.';
export const MSG_CHECK_OUT_WAITING =
  'No connection. Your check-out is kept on this phone and is sent by itself when the connection returns.';
