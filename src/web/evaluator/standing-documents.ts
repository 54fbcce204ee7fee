import { graphql } from '../gql';

/** The shopper's rating, reliability, grades and held visits (My Standing). */
export const MY_STANDING = graphql(`
  query MyStanding {
    myStanding {
      rating
      grades
      reliability
      outcomes
      explanation
      outcomeCounts {
        outcome
        count
      }
      recentGrades {
        grade
        reason
        programName
        gradedAt
      }
      holds {
        evaluationId
        programName
        city
        state
        dueDate
        submitBy
        extensionState
        extensionDays
      }
    }
    myOfferSettings {
      receiveOffers
      radiusMiles
    }
  }
`);

export const REQUEST_EXTENSION = graphql(`
  mutation RequestVisitExtension($evaluationId: String!, $days: Int!, $reason: String!) {
    requestVisitExtension(evaluationId: $evaluationId, days: $days, reason: $reason)
  }
`);

export const SAVE_OFFER_SETTINGS = graphql(`
  mutation SaveOfferSettings($receiveOffers: Boolean!, $radiusMiles: Int!) {
    saveOfferSettings(receiveOffers: $receiveOffers, radiusMiles: $radiusMiles) {
      receiveOffers
      radiusMiles
    }
  }
`);
