import { graphql } from '../gql';

/** The scheduler's desk: counts per program and region, and the visits at risk. */
export const SCHEDULER_DESK = graphql(`
  query SchedulerDesk {
    schedulerDesk {
      programId
      programName
      region
      open
      accepted
      submitted
      complete
      late
      fillRate
    }
    visitsAtRisk(limit: 200) {
      visitId
      programName
      locationName
      city
      state
      dueDate
      held
      shopperName
      submitBy
      extensionState
      why
    }
  }
`);

/** Shoppers a scheduler may give a visit to: near it, or found by name or e-mail. */
export const SHOPPERS_FOR_VISIT = graphql(`
  query ShoppersForVisit($visitId: String!, $maxMiles: Int, $search: String) {
    shoppersForVisit(visitId: $visitId, maxMiles: $maxMiles, search: $search) {
      shopperId
      name
      city
      state
      miles
      rating
      reliability
      holding
      unmet
    }
  }
`);

export const ASSIGN_VISITS = graphql(`
  mutation AssignVisits($visitIds: [String!]!, $shopperId: String, $reason: String!) {
    assignVisits(visitIds: $visitIds, shopperId: $shopperId, reason: $reason) {
      visitIds
      evaluationIds
    }
  }
`);

export const DECIDE_EXTENSION = graphql(`
  mutation DecideVisitExtension($visitId: String!, $grant: Boolean!, $reason: String) {
    decideVisitExtension(visitId: $visitId, grant: $grant, reason: $reason)
  }
`);

export const VISIT_HISTORY = graphql(`
  query VisitHistory($visitId: String!) {
    visitHistory(visitId: $visitId) {
      _id
      label
      shopperName
      actorName
      reason
      at
    }
  }
`);
