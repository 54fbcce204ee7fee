import { graphql } from '../gql';

// Teams (issue 18): the caller's role, the Team page, regions and the invitation page.

export const VIEWER = graphql(`
  query Viewer {
    viewer {
      _id
      accountId
      email
      role
    }
  }
`);

export const TEAM = graphql(`
  query Team {
    team {
      members {
        _id
        userId
        email
        firstName
        lastName
        role
        roleLabel
        accountLogin
        regionIds
        locationIds
      }
      invitations {
        _id
        email
        role
        roleLabel
        regionIds
        locationIds
        expiresAt
        state
      }
    }
  }
`);

/** The regions and locations a manager can be given. */
export const TEAM_SCOPE_CHOICES = graphql(`
  query TeamScopeChoices {
    regions {
      _id
      name
      locationCount
    }
    currentUser {
      _id
      locations {
        _id
        name
        regionId
      }
    }
  }
`);

export const INVITE_TEAM_MEMBER = graphql(`
  mutation InviteTeamMember($input: TeamInviteInput!) {
    inviteTeamMember(input: $input) {
      _id
      email
    }
  }
`);

export const WITHDRAW_TEAM_INVITATION = graphql(`
  mutation WithdrawTeamInvitation($_id: String!) {
    withdrawTeamInvitation(_id: $_id)
  }
`);

export const RESEND_TEAM_INVITATION = graphql(`
  mutation ResendTeamInvitation($_id: String!) {
    resendTeamInvitation(_id: $_id) {
      _id
      email
      expiresAt
      state
    }
  }
`);

export const CHANGE_TEAM_MEMBER = graphql(`
  mutation ChangeTeamMember($input: TeamMemberInput!) {
    changeTeamMember(input: $input) {
      members {
        _id
        role
        roleLabel
        regionIds
        locationIds
      }
    }
  }
`);

export const REMOVE_TEAM_MEMBER = graphql(`
  mutation RemoveTeamMember($memberId: String!) {
    removeTeamMember(memberId: $memberId) {
      members {
        _id
      }
    }
  }
`);

export const TRANSFER_OWNERSHIP = graphql(`
  mutation TransferOwnership($memberId: String!) {
    transferOwnership(memberId: $memberId) {
      members {
        _id
        role
        roleLabel
      }
    }
  }
`);

export const REGIONS = graphql(`
  query Regions {
    regions {
      _id
      name
      locationCount
    }
  }
`);

export const CREATE_REGION = graphql(`
  mutation CreateRegion($name: String!) {
    createRegion(name: $name) {
      _id
      name
      locationCount
    }
  }
`);

export const RENAME_REGION = graphql(`
  mutation RenameRegion($regionId: String!, $name: String!) {
    renameRegion(regionId: $regionId, name: $name) {
      _id
      name
      locationCount
    }
  }
`);

export const DELETE_REGION = graphql(`
  mutation DeleteRegion($regionId: String!) {
    deleteRegion(regionId: $regionId)
  }
`);

export const SET_LOCATIONS_REGION = graphql(`
  mutation SetLocationsRegion($regionId: String, $locationIds: [String!]!) {
    setLocationsRegion(regionId: $regionId, locationIds: $locationIds)
  }
`);

export const INVITATION = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      email
      accountName
      role
      roleLabel
      state
      hasLogin
    }
  }
`);

export const ACCEPT_TEAM_INVITATION = graphql(`
  mutation AcceptTeamInvitation($token: String!, $input: AcceptInvitationInput) {
    acceptTeamInvitation(token: $token, input: $input) {
      token
      user {
        _id
      }
    }
  }
`);
