import { graphql } from '../gql';

export const SHOPBOARD = graphql(`
  query Shopboard(
    $radiusMiles: Float
    $latitude: Float
    $longitude: Float
    $dueTo: String
    $minPay: Int
    $sort: ShopboardSort
    $offset: Int
    $limit: Int
  ) {
    shopboard(
      radiusMiles: $radiusMiles
      latitude: $latitude
      longitude: $longitude
      dueTo: $dueTo
      minPay: $minPay
      sort: $sort
      offset: $offset
      limit: $limit
    ) {
      hasMore
      offset
      origin
      radiusMiles
      items {
        _id
        questionnaireTitle
        locationName
        city
        state
        distanceMiles
        direction
        earliestDate
        dueDate
        fee
        reimbursement
        questionCount
        estimatedMinutes
      }
    }
  }
`);

export const MY_SHOPPER_PROFILE = graphql(`
  query MyShopperProfile {
    myShopperProfile {
      line1
      city
      state
      postalCode
      gender
      birthYear
      hasCar
      homePlaced
      pointPrecision
      shopperRating
    }
  }
`);

export const UPDATE_SHOPPER_PROFILE = graphql(`
  mutation UpdateShopperProfile($input: ShopperProfileInput!) {
    updateShopperProfile(input: $input) {
      line1
      city
      state
      postalCode
      gender
      birthYear
      hasCar
      homePlaced
      pointPrecision
      shopperRating
    }
  }
`);
