import { graphql } from '../gql';

// Outgoing webhooks (issue 20): the account's endpoints, one endpoint's delivery log, and their changes.

export const WEBHOOK_ENDPOINT_FIELDS = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    _id
    url
    description
    events
    enabled
    createdAt
  }
`);

export const WEBHOOK_ENDPOINTS = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WEBHOOK_ENDPOINT = graphql(`
  query WebhookEndpoint($id: String!, $first: Int) {
    webhookEndpoint(_id: $id) {
      ...WebhookEndpointFields
      deliveries(first: $first) {
        _id
        eventId
        eventType
        payload
        status
        statusLabel
        attempts
        httpStatus
        responseExcerpt
        error
        createdAt
        lastAttemptAt
      }
    }
  }
`);

export const WEBHOOK_ENDPOINT_SECRET = graphql(`
  query WebhookEndpointSecret($id: String!) {
    webhookEndpointSecret(_id: $id)
  }
`);

export const CREATE_WEBHOOK_ENDPOINT = graphql(`
  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      _id
    }
  }
`);

export const UPDATE_WEBHOOK_ENDPOINT = graphql(`
  mutation UpdateWebhookEndpoint($id: String!, $input: WebhookEndpointInput!) {
    updateWebhookEndpoint(_id: $id, input: $input) {
      ...WebhookEndpointFields
    }
  }
`);

export const DELETE_WEBHOOK_ENDPOINT = graphql(`
  mutation DeleteWebhookEndpoint($id: String!) {
    deleteWebhookEndpoint(_id: $id)
  }
`);

export const ROLL_WEBHOOK_SECRET = graphql(`
  mutation RollWebhookSecret($id: String!) {
    rollWebhookSecret(_id: $id)
  }
`);

export const SEND_TEST_WEBHOOK = graphql(`
  mutation SendTestWebhook($id: String!) {
    sendTestWebhook(endpointId: $id) {
      _id
    }
  }
`);

export const RESEND_WEBHOOK_DELIVERY = graphql(`
  mutation ResendWebhookDelivery($id: String!) {
    resendWebhookDelivery(deliveryId: $id) {
      _id
      status
    }
  }
`);
