import { graphql } from '../gql';

// The account area's calls (account-and-reporting 7), named as the spec names them.

export const CURRENT_USER_ORDER_HISTORY = graphql(`
  query CurrentUserOrderHistory($first: Int, $after: String) {
    currentUser {
      _id
      orders(first: $first, after: $after) {
        ...OrderHistoryPage
      }
    }
  }
`);

export const CURRENT_USER_PAYMENT_HISTORY = graphql(`
  query CurrentUserPaymentHistory($first: Int, $after: String) {
    currentUser {
      _id
      invoices(first: $first, after: $after) {
        ...InvoiceHistoryPage
      }
    }
  }
`);

export const INVOICE = graphql(`
  query Invoice($invoiceId: String!) {
    invoice(invoiceId: $invoiceId) {
      id
      date
      amount
      attempted
      paid
      closed
      nextPaymentAttempt
      receiptNumber
      status
      invoiceLines {
        id
        amount
        description
      }
    }
  }
`);

export const BILLING_INFO = graphql(`
  query BillingInfo {
    currentUser {
      _id
      paymentCard {
        ...CardOnFile
      }
    }
  }
`);

export const SAVE_DEFAULT_CARD = graphql(`
  mutation SaveDefaultCard($stripeToken: String!) {
    saveDefaultCard(stripeToken: $stripeToken) {
      brand
      last4
      expireMonth
      expireYear
    }
  }
`);

export const SAVE_ACCOUNT_INFO = graphql(`
  mutation SaveAccountInfo($input: AccountInfoInput!) {
    saveAccountInfo(input: $input) {
      _id
      email
      fullName
      profile {
        ...ContactProfile
      }
    }
  }
`);

export const EMAIL_PREFERENCES = graphql(`
  query EmailPreferences {
    currentUser {
      _id
      email
      emailPreferences {
        receiveMarketing
        receiveShopScheduled
        receiveShopQA
        receiveShopComplete
        receiveSurveyComplete
        receiveAsDigest
        receiveActionPlans
        receiveScoreAlerts
      }
    }
  }
`);

export const SAVE_EMAIL_PREFERENCES = graphql(`
  mutation SaveEmailPreferences($input: EmailPreferencesInput!) {
    saveEmailPreferences(input: $input) {
      _id
      email
      emailPreferences {
        receiveMarketing
        receiveShopScheduled
        receiveShopQA
        receiveShopComplete
        receiveSurveyComplete
        receiveAsDigest
        receiveActionPlans
        receiveScoreAlerts
      }
    }
  }
`);

export const USER_LOCATIONS = graphql(`
  query UserLocations {
    currentUser {
      _id
      locations {
        ...EditableLocation
        regionId
      }
    }
  }
`);

export const SAVE_ACCOUNT_LOCATION = graphql(`
  mutation SaveAccountLocation($locationId: String!, $input: LocationEditInput!) {
    saveLocation(locationId: $locationId, input: $input) {
      ...EditableLocation
    }
  }
`);

export const ADD_ACCOUNT_LOCATION = graphql(`
  mutation AddAccountLocation($input: LocationInput!) {
    addLocation(input: $input) {
      _id
    }
  }
`);

export const REMOVE_LOCATION_FROM_ACCOUNT = graphql(`
  mutation RemoveLocationFromAccount($locationId: String!) {
    removeLocationFromAccount(locationId: $locationId) {
      _id
    }
  }
`);

export const CURRENT_USER_ACTIVE_SHOPS = graphql(`
  query CurrentUserActiveShops {
    currentUser {
      _id
      ...ActiveShopsByLocation
    }
  }
`);

export const SAVE_ACTIVE_SHOP = graphql(`
  mutation SaveActiveShop($_id: String!, $input: ShopInput!) {
    saveShop(_id: $_id, input: $input) {
      _id
      frequencyPeriod
      frequencyQuantity
      reimbursement
    }
  }
`);

export const CANCEL_ACTIVE_SHOP = graphql(`
  mutation CancelActiveShop($_id: String!) {
    cancelActiveShop(_id: $_id) {
      _id
    }
  }
`);

export const CURRENT_USER_SHOPS = graphql(`
  query CurrentUserShops {
    currentUser {
      _id
      locations(includeUnpublished: true) {
        _id
        name
        address {
          ...ShortAddress
        }
        shops {
          _id
          status
          recurring
          startDate
          totalQuantity
          frequencyPeriod
          frequencyQuantity
          questionnaireTitle
          questionnaireType
        }
      }
    }
  }
`);

export const REORDER = graphql(`
  mutation Reorder($oid: String!) {
    reorder(oid: $oid) {
      _id
      serviceKeys
    }
  }
`);

/** order(_id, orderNumber) to resolve the id from the number in the route. */
export const ORDER_ID_BY_NUMBER = graphql(`
  query OrderIdByNumber($orderNumber: Int!) {
    order(orderNumber: $orderNumber) {
      _id
    }
  }
`);

/** The full placed order (skipped until its id is known). */
export const ACCOUNT_ORDER = graphql(`
  query AccountOrder($oid: String!) {
    order(_id: $oid) {
      _id
      orderNumber
      status
      orderDate
      amount
      referralCode
      initialDue {
        value
        displayValue
      }
      user {
        _id
        email
        fullName
        profile {
          ...ContactProfile
        }
      }
      userQuestionnaires {
        _id
        qid
        additionalComments
        customQuestions {
          type
          question
          multipleChoiceOptions
          allowMultipleSelections
        }
        customUpload {
          publicUrl
          fileName
        }
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
