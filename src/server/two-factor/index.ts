export {
  askSecondFactor,
  loginSecondFactor,
  MSG_SECOND_FACTOR_REQUIRED,
  type SecondFactorPrompt,
} from './login.js';
export {
  describeDevice,
  listSessions,
  revokeOtherSessions,
  revokeOwnSession,
  type SessionListing,
} from './sessions.js';
export {
  beginTotpSetup,
  checkSecondFactor,
  confirmTotpSetup,
  disableTotp,
  hasSecondFactor,
  MSG_ALREADY_ON,
  MSG_BAD_CODE,
  MSG_CHALLENGE_EXPIRED,
  MSG_NOT_SET_UP,
  RECOVERY_CODE_COUNT,
  replaceRecoveryCodes,
  type TwoFactorStatus,
  twoFactorStatus,
} from './totp-store.js';
