import { graphql } from '../../gql';

// The admin outbox (issue 17), for admins only.

export const ADMIN_OUTBOX = graphql(`
  query AdminOutbox($first: Int, $after: String, $status: OutboxStatus, $to: String) {
    outbox(first: $first, after: $after, status: $status, to: $to) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        _id
        to
        subject
        kind
        status
        tries
        error
        createdAt
        sentAt
      }
    }
  }
`);

export const ADMIN_OUTBOX_EMAIL = graphql(`
  query AdminOutboxEmail($id: String!) {
    outboxEmail(_id: $id) {
      _id
      to
      subject
      kind
      status
      tries
      error
      createdAt
      sentAt
      lastTriedAt
      text
      html
      headers {
        name
        value
      }
    }
  }
`);

export const SEND_EMAIL_AGAIN = graphql(`
  mutation SendEmailAgain($id: String!) {
    sendEmailAgain(_id: $id) {
      _id
      status
      tries
      error
    }
  }
`);

export const RUN_DIGEST_NOW = graphql(`
  mutation RunDigestNow {
    runDigestNow
  }
`);
