import { graphql } from '../../gql';

export const ADMIN_PAYABLES = graphql(`
  query AdminPayables($shopperSearch: String, $from: String, $to: String, $status: String) {
    payables(shopperSearch: $shopperSearch, from: $from, to: $to, status: $status) {
      lines {
        _id
        shopperId
        shopperName
        shopperEmail
        programName
        locationName
        shopDate
        approvedAt
        total {
          value
          displayValue
        }
        status
        payoutReference
        paidOn
      }
      totals {
        pending {
          displayValue
        }
        paid {
          displayValue
        }
        pendingCount
        paidCount
      }
      truncated
    }
  }
`);

export const PAYOUT_BATCHES = graphql(`
  query PayoutBatches {
    payoutBatches {
      _id
      reference
      paidOn
      total {
        displayValue
      }
      lineCount
      createdByEmail
      createdAt
    }
  }
`);

export const MARK_PAYABLES_PAID = graphql(`
  mutation MarkPayablesPaid($payableIds: [String!]!, $reference: String!, $paidOn: String!) {
    markPayablesPaid(payableIds: $payableIds, reference: $reference, paidOn: $paidOn) {
      _id
      reference
      lineCount
      total {
        displayValue
      }
    }
  }
`);

export const CREATE_PAYOUT_CSV_LINK = graphql(`
  mutation CreatePayoutCsvLink($batchId: String!) {
    createPayoutCsvLink(batchId: $batchId) {
      url
    }
  }
`);
