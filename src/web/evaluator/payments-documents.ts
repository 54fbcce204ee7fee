import { graphql } from '../gql';

/** The shopper's own payable lines and their pending and paid totals (My Payments). */
export const MY_PAYABLES = graphql(`
  query MyPayables {
    myPayables {
      lines {
        _id
        programName
        locationName
        shopDate
        approvedAt
        reimbursement {
          displayValue
        }
        fee {
          value
          displayValue
        }
        total {
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
    }
  }
`);
