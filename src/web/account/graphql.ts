import { graphql } from '../gql';

export const LOGIN = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      secondFactorSetupRequired
      user {
        _id
      }
    }
  }
`);

export const REGISTER = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      token
      user {
        _id
      }
    }
  }
`);

export const SEND_RESET_PASSWORD_EMAIL = graphql(`
  mutation SendResetPasswordEmail($email: String!) {
    sendResetPasswordEmail(email: $email)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password) {
      token
    }
  }
`);

export const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($oldPassword: String!, $newPassword: String!, $signOutOtherSessions: Boolean) {
    changePassword(
      oldPassword: $oldPassword
      newPassword: $newPassword
      signOutOtherSessions: $signOutOtherSessions
    )
  }
`);
