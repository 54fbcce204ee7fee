import { graphql } from '../gql';

// API keys (issue 20): the owner's list, Create (the secret comes back once) and Revoke.

export const API_KEYS = graphql(`
  query ApiKeys {
    apiKeys {
      _id
      name
      prefix
      scopes
      scopeLabels
      createdByEmail
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);

export const CREATE_API_KEY = graphql(`
  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]) {
    createApiKey(name: $name, scopes: $scopes) {
      secret
      key {
        _id
        name
        prefix
      }
    }
  }
`);

export const REVOKE_API_KEY = graphql(`
  mutation RevokeApiKey($_id: String!) {
    revokeApiKey(_id: $_id) {
      _id
      revokedAt
    }
  }
`);

/** A customer's keys, for the admin's customer page (platform admins, for support). */
export const CUSTOMER_API_KEYS = graphql(`
  query CustomerApiKeys($clientId: String!) {
    apiKeys(clientId: $clientId) {
      _id
      name
      prefix
      scopeLabels
      createdByEmail
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);
