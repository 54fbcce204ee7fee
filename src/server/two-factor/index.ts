export {
  MSG_ADMIN_NEEDS_SECOND_FACTOR,
  MSG_KEEP_SECOND_FACTOR_ADMIN,
  MSG_KEEP_SECOND_FACTOR_TEAM,
  MSG_OWNER_NEEDS_SECOND_FACTOR_FIRST,
  MSG_TEAM_NEEDS_SECOND_FACTOR,
  mayTurnOffSecondFactor,
  SECOND_FACTOR_SETUP_FIELDS,
  secondFactorSetupFor,
  setTeamRequiresTwoFactor,
  teamRequiresTwoFactor,
} from './enforcement.js';
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
  resetTwoFactor,
  type TwoFactorStatus,
  twoFactorStatus,
} from './totp-store.js';
