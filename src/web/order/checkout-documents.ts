import { graphql } from '../gql';

/** The visitor as checkout sees them: read-only contact details and the card on file. */
export const CHECKOUT_USER = graphql(`
  query CheckoutUser {
    currentUser {
      _id
      email
      fullName
      profile {
        ...ContactProfile
      }
      paymentCard {
        ...CardOnFile
      }
    }
  }
`);

/** Which card widget to show: the built-in test processor's form, or Stripe Elements with its key. */
export const PAYMENT_SETTINGS = graphql(`
  query PaymentSettings {
    paymentSettings {
      provider
      publishableKey
    }
  }
`);

export const TOKENIZE_TEST_CARD = graphql(`
  mutation TokenizeTestCard($input: TestCardInput!) {
    tokenizeTestCard(input: $input) {
      token
      card {
        brand
        last4
      }
    }
  }
`);

export const CHECKOUT = graphql(`
  mutation Checkout($oid: String!, $input: CheckoutInput!) {
    checkout(oid: $oid, input: $input) {
      _id
      orderNumber
      status
    }
  }
`);

/** A placed order, read by its owner or an admin (/view-order/{oid}/{orderNumber}). */
export const VIEW_ORDER = graphql(`
  query ViewOrder($oid: String!, $orderNumber: Int!) {
    order(_id: $oid, orderNumber: $orderNumber) {
      _id
      orderNumber
      status
      orderDate
      amount
      referralCode
      userQuestionnaires {
        _id
        qid
        questionnaire {
          _id
          title
          type
          startupCost
          monthsPurchased
          showReimbursement
        }
      }
      locations {
        ...PlacedOrderLocation
      }
    }
  }
`);
