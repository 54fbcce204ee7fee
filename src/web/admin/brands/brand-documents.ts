import { graphql } from '../../gql';

// The brand calls of the admin (admin-and-evaluation 7).

export const BRANDS = graphql(`
  query AdminBrands {
    brands {
      _id
      name
      shortName
      type
      restrictCMS
    }
  }
`);

export const ADMIN_BRAND = graphql(`
  query AdminBrand($id: String!) {
    brand(_id: $id) {
      _id
      shortName
      name
      type
      subdomain
      customDomain
      entryPath
      logoUrl
      faviconUrl
      primaryColor
      secondaryColor
      headerTextColor
      footerLinkTextColor
      brandText
      brandTextImageUrl
      restrictCMS
      isDefault
      orderNotificationEmails
      surveysEnabled
      customizationEnabled
      usesIncentiveZones
      requiresCarMake
      flowVariant
      unlistedIndustryEmail
      incentiveZones {
        city
        state
        tier
      }
      carMakes {
        make
        tier
      }
    }
  }
`);

export const CREATE_BRAND = graphql(`
  mutation CreateBrand($input: BrandInput!) {
    createBrand(input: $input) {
      _id
      name
    }
  }
`);

export const UPDATE_BRAND = graphql(`
  mutation UpdateBrand($id: String!, $input: BrandInput!) {
    updateBrand(_id: $id, input: $input) {
      _id
      shortName
      name
      type
      subdomain
      customDomain
      entryPath
      logoUrl
      faviconUrl
      primaryColor
      secondaryColor
      headerTextColor
      footerLinkTextColor
      brandText
      brandTextImageUrl
      restrictCMS
      isDefault
      orderNotificationEmails
      surveysEnabled
      customizationEnabled
      usesIncentiveZones
      requiresCarMake
      flowVariant
      unlistedIndustryEmail
      incentiveZones {
        city
        state
        tier
      }
      carMakes {
        make
        tier
      }
    }
  }
`);

export const REMOVE_BRAND = graphql(`
  mutation RemoveBrand($id: String!) {
    removeBrand(_id: $id) {
      _id
    }
  }
`);
