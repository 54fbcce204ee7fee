/**
 * Selections that several features' documents ask for alike, written once. Operations spread them
 * (`...OrderHistoryPage`); codegen lists each operation with the fragments it spreads, and with
 * fragment masking off the result types hold the fields as if written inline.
 */
import { graphql } from '../gql';

/** A page of placed orders as the order history tables show them. */
export const ORDER_HISTORY_PAGE = graphql(`
  fragment OrderHistoryPage on OrderConnection {
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      _id
      orderNumber
      orderDate
      amount
    }
  }
`);

/** A page of invoices as the payment history tables show them. */
export const INVOICE_HISTORY_PAGE = graphql(`
  fragment InvoiceHistoryPage on InvoiceConnection {
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      date
      amount
      attempted
      paid
      status
    }
  }
`);

/** The contact details kept on an account. */
export const CONTACT_PROFILE = graphql(`
  fragment ContactProfile on Profile {
    firstName
    lastName
    businessName
    phone
    additionalEmails
  }
`);

/** The card on file, as far as it is shown. */
export const CARD_ON_FILE = graphql(`
  fragment CardOnFile on PaymentCard {
    brand
    last4
    expireMonth
    expireYear
  }
`);

/** An address as a location's heading shows it. */
export const SHORT_ADDRESS = graphql(`
  fragment ShortAddress on Address {
    line1
    line2
    city
    state
    postalCode
    formattedAddress
  }
`);

/** An address as the location form edits it. */
export const EDITABLE_ADDRESS = graphql(`
  fragment EditableAddress on Address {
    line1
    line2
    city
    state
    postalCode
    country
    formattedAddress
    googlePlacesId
    addressName
  }
`);

/** A location as the location forms edit it. */
export const EDITABLE_LOCATION = graphql(`
  fragment EditableLocation on Location {
    _id
    name
    website
    phone
    additionalEmails
    address {
      ...EditableAddress
    }
  }
`);

/** The next charge and the active shops by location (Recurring Orders, the admin's too). */
export const ACTIVE_SHOPS_BY_LOCATION = graphql(`
  fragment ActiveShopsByLocation on User {
    nextBilling {
      monthDisplay
      yearDisplay
      chargeDateDisplay
      value
      displayValue
    }
    locations(includeUnpublished: true) {
      _id
      name
      address {
        ...ShortAddress
      }
      shops(status: ACTIVE) {
        _id
        qid
        recurring
        startDate
        totalQuantity
        frequencyPeriod
        frequencyQuantity
        reimbursement
        cost
        paidThrough
        questionnaireTitle
        questionnaireType
        questionnaire {
          title
          type
          monthsPurchased
          minimumReimbursement
          showReimbursement
        }
      }
    }
  }
`);

/** A shop on an order with what its first charge comes to. */
export const ORDER_SHOP = graphql(`
  fragment OrderShop on Shop {
    _id
    qid
    recurring
    startDate
    totalQuantity
    frequencyQuantity
    frequencyPeriod
    reimbursement
    cost
    questionnaireTitle
    questionnaireType
    initialDue {
      value
      displayValue
    }
  }
`);

/** A placed order's location with its shops, as the order's details list them. */
export const PLACED_ORDER_LOCATION = graphql(`
  fragment PlacedOrderLocation on Location {
    _id
    name
    address {
      ...ShortAddress
    }
    shops {
      ...OrderShop
    }
  }
`);
