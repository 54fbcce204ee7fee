import { graphql } from '../gql';

// Two-factor sign-in and signed-in sessions (issue 50): /account/security and the login's second step.

export const ACCOUNT_SECURITY = graphql(`
  query AccountSecurity {
    accountSecurity {
      totpEnabled
      recoveryCodesLeft
      setupRequired
      teamRequiresTwoFactor
      mayRequireForTeam
      passkeys {
        id
        name
        rpId
        kind
        synced
        createdAt
        lastUsedAt
      }
      sessions {
        id
        device
        ip
        kind
        createdAt
        lastSeenAt
        current
      }
    }
  }
`);

export const BEGIN_TOTP_SETUP = graphql(`
  mutation BeginTotpSetup {
    beginTotpSetup {
      secret
      otpauthUri
      qrSvg
    }
  }
`);

export const CONFIRM_TOTP_SETUP = graphql(`
  mutation ConfirmTotpSetup($code: String!) {
    confirmTotpSetup(code: $code)
  }
`);

export const DISABLE_TOTP = graphql(`
  mutation DisableTotp($password: String!) {
    disableTotp(password: $password)
  }
`);

export const REGENERATE_RECOVERY_CODES = graphql(`
  mutation RegenerateRecoveryCodes($password: String!) {
    regenerateRecoveryCodes(password: $password)
  }
`);

export const SIGN_OUT_SESSION = graphql(`
  mutation SignOutSession($id: String!) {
    signOutSession(id: $id)
  }
`);

export const SIGN_OUT_OTHER_SESSIONS = graphql(`
  mutation SignOutOtherSessions {
    signOutOtherSessions
  }
`);

export const LOGIN_SECOND_FACTOR = graphql(`
  mutation LoginSecondFactor($challenge: String!, $code: String!) {
    loginSecondFactor(challenge: $challenge, code: $code) {
      token
      user {
        _id
      }
    }
  }
`);

export const SET_TEAM_REQUIRES_TWO_FACTOR = graphql(`
  mutation SetTeamRequiresTwoFactor($required: Boolean!) {
    setTeamRequiresTwoFactor(required: $required)
  }
`);

export const BEGIN_PASSKEY_REGISTRATION = graphql(`
  mutation BeginPasskeyRegistration {
    beginPasskeyRegistration
  }
`);

export const FINISH_PASSKEY_REGISTRATION = graphql(`
  mutation FinishPasskeyRegistration($name: String!, $response: String!) {
    finishPasskeyRegistration(name: $name, response: $response) {
      passkey {
        id
      }
      recoveryCodes
    }
  }
`);

export const RENAME_PASSKEY = graphql(`
  mutation RenamePasskey($id: String!, $name: String!) {
    renamePasskey(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const REMOVE_PASSKEY = graphql(`
  mutation RemovePasskey($id: String!, $password: String!) {
    removePasskey(id: $id, password: $password)
  }
`);

export const BEGIN_PASSKEY_SIGN_IN = graphql(`
  mutation BeginPasskeySignIn($challenge: String) {
    beginPasskeySignIn(challenge: $challenge)
  }
`);

export const PASSKEY_SIGN_IN = graphql(`
  mutation PasskeySignIn($response: String!, $challenge: String) {
    passkeySignIn(response: $response, challenge: $challenge) {
      token
      secondFactorSetupRequired
      user {
        _id
      }
    }
  }
`);
