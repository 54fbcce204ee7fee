import { graphql } from '../gql';

// Action plans (issue 19): the list and its counts, one plan and its changes, and the program triggers.
// Each change answers the plan's id and state and refetches ActionPlan (the build compiles each
// document on its own, so documents share no fragments).

export const ACTION_PLANS = graphql(`
  query ActionPlans($filter: ActionPlanFilter, $first: Int, $offset: Int) {
    actionPlans(filter: $filter, first: $first, offset: $offset) {
      _id
      state
      displayState
      stateLabel
      percentage
      followUpPercentage
      shopDate
      dueDate
      programId
      programName
      locationId
      locationName
      regionName
      questionCount
    }
  }
`);

export const ACTION_PLAN_COUNTS = graphql(`
  query ActionPlanCounts($filter: ActionPlanFilter) {
    actionPlanCounts(filter: $filter) {
      open
      submitted
      returned
      resolved
      overdue
      total
    }
  }
`);

/** The Region and Location filters' choices (a manager: theirs only). */
export const ACTION_PLAN_CHOICES = graphql(`
  query ActionPlanChoices {
    regions {
      _id
      name
    }
    currentUser {
      _id
      locations {
        _id
        name
        regionId
      }
    }
  }
`);

export const ACTION_PLAN = graphql(`
  query ActionPlan($_id: String!, $key: String) {
    actionPlan(_id: $_id, key: $key) {
      _id
      state
      displayState
      stateLabel
      percentage
      followUpPercentage
      followUpEvaluationId
      shopDate
      dueDate
      createdAt
      programId
      programName
      locationId
      locationName
      regionName
      evaluationId
      shopperComment
      mayEdit
      mayReview
      viaLink
      items {
        elementId
        sectionHeader
        prompt
        answer
        score
        possibleScore
        action
        responsible
        dueDate
        followUp
        followUpLabel
        photoName
        photoUrl
      }
      events {
        kind
        actor
        note
        at
      }
    }
  }
`);

export const SAVE_ACTION_PLAN = graphql(`
  mutation SaveActionPlan($_id: String!, $key: String, $items: [ActionPlanItemInput!]!) {
    saveActionPlan(_id: $_id, key: $key, items: $items) {
      _id
      state
    }
  }
`);

export const SUBMIT_ACTION_PLAN = graphql(`
  mutation SubmitActionPlan($_id: String!, $key: String, $items: [ActionPlanItemInput!]) {
    submitActionPlan(_id: $_id, key: $key, items: $items) {
      _id
      state
    }
  }
`);

export const RETURN_ACTION_PLAN = graphql(`
  mutation ReturnActionPlan($_id: String!, $note: String!) {
    returnActionPlan(_id: $_id, note: $note) {
      _id
      state
    }
  }
`);

export const RESOLVE_ACTION_PLAN = graphql(`
  mutation ResolveActionPlan($_id: String!, $note: String) {
    resolveActionPlan(_id: $_id, note: $note) {
      _id
      state
    }
  }
`);

export const ACTION_PLAN_TRIGGER = graphql(`
  query ActionPlanTrigger($programId: String!) {
    actionPlanTrigger(programId: $programId) {
      programId
      belowPercent
      questionIds
      isDefault
      questions {
        elementId
        prompt
        sectionHeader
      }
    }
  }
`);

export const SAVE_ACTION_PLAN_TRIGGER = graphql(`
  mutation SaveActionPlanTrigger($input: ActionPlanTriggerInput!) {
    saveActionPlanTrigger(input: $input) {
      programId
      belowPercent
      questionIds
      isDefault
    }
  }
`);
