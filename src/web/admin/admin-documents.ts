import { graphql } from '../gql';

// The admin area's customer and order calls (admin-and-evaluation 7), for admins only.

export const ADMIN_ORDERS = graphql(`
  query AdminOrders($first: Int, $after: String) {
    orders(status: COMPLETE, first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        _id
        orderNumber
        orderDate
        amount
        businessName
      }
    }
  }
`);

/** Lookup By Order Number: only a placed (COMPLETE) order counts as found. */
export const ADMIN_ORDER_LOOKUP = graphql(`
  query AdminOrderLookup($orderNumber: Int!) {
    order(orderNumber: $orderNumber) {
      _id
      orderNumber
      status
    }
  }
`);

export const ADMIN_CUSTOMERS = graphql(`
  query AdminCustomers($first: Int, $after: String, $nameSearch: String, $businessNameSearch: String) {
    users(first: $first, after: $after, nameSearch: $nameSearch, businessNameSearch: $businessNameSearch) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        _id
        fullName
        email
        associatedBrand {
          _id
          name
        }
        profile {
          businessName
        }
      }
    }
  }
`);

export const ADMIN_CUSTOMER = graphql(`
  query AdminCustomer($uid: String!) {
    user(uid: $uid) {
      _id
      fullName
      email
      createdAt
      associatedBrandId
      associatedBrand {
        _id
        name
      }
      profile {
        ...ContactProfile
      }
      paymentCard {
        ...CardOnFile
      }
      teamMembers {
        _id
        userId
        email
        firstName
        lastName
        roleLabel
      }
    }
  }
`);

export const AUTHENTICATED_BRANDS = graphql(`
  query AuthenticatedBrands {
    brands(type: AUTHENTICATED) {
      _id
      name
    }
  }
`);

export const ASSOCIATE_BRAND_TO_USER = graphql(`
  mutation AssociateBrandToUser($uid: String!, $brandId: String!) {
    associateBrandToUser(uid: $uid, brandId: $brandId) {
      _id
      associatedBrandId
      associatedBrand {
        _id
        name
      }
    }
  }
`);

export const ADMIN_CUSTOMER_ORDERS = graphql(`
  query AdminCustomerOrders($uid: String!, $first: Int, $after: String) {
    user(uid: $uid) {
      _id
      orders(first: $first, after: $after) {
        ...OrderHistoryPage
      }
    }
  }
`);

export const ADMIN_CUSTOMER_INVOICES = graphql(`
  query AdminCustomerInvoices($uid: String!, $first: Int, $after: String) {
    user(uid: $uid) {
      _id
      invoices(first: $first, after: $after) {
        ...InvoiceHistoryPage
      }
    }
  }
`);

/** The customer's next billing and active shops by location (the shop fields of Recurring Orders). */
export const ADMIN_CUSTOMER_ACTIVE_SHOPS = graphql(`
  query AdminCustomerActiveShops($uid: String!) {
    user(uid: $uid) {
      _id
      ...ActiveShopsByLocation
    }
  }
`);

export const CREATE_EXPORT_LINK = graphql(`
  mutation CreateExportLink($type: String!) {
    createExportLink(type: $type) {
      url
    }
  }
`);

/** The invoice as the account shows it, plus whose it is (for the way back to the customer). */
export const ADMIN_INVOICE = graphql(`
  query AdminInvoice($invoiceId: String!) {
    invoice(invoiceId: $invoiceId) {
      id
      uid
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

export const USER_TWO_FACTOR = graphql(`
  query UserTwoFactor($uid: String!) {
    userTwoFactor(uid: $uid) {
      totpEnabled
      passkeys
      recoveryCodesLeft
    }
  }
`);

export const RESET_TWO_FACTOR = graphql(`
  mutation ResetTwoFactor($uid: String!) {
    resetTwoFactor(uid: $uid)
  }
`);
