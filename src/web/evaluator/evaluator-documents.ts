import { graphql } from '../gql';

export const REGISTER_SHOPPER = graphql(`
  mutation RegisterShopper($input: ShopperRegisterInput!) {
    registerShopper(input: $input) {
      token
      user {
        _id
      }
    }
  }
`);

export const OPEN_VISITS = graphql(`
  query OpenVisits($state: String, $city: String) {
    openVisits(state: $state, city: $city) {
      _id
      dueDate
      questionnaireTitle
      locationName
      address
      city
      state
      reimbursement
    }
  }
`);

export const ACCEPT_VISIT = graphql(`
  mutation AcceptVisit($visitId: String!) {
    acceptVisit(visitId: $visitId) {
      _id
      status
    }
  }
`);

export const MY_EVALUATIONS = graphql(`
  query MyEvaluations {
    myEvaluations {
      _id
      status
      statusName
      programName
      locationName
      address
      dueDate
      submittedAt
    }
  }
`);

/** One evaluation with everything the engine needs to rebuild it in the browser. */
export const EVALUATION = graphql(`
  query FieldEvaluation($id: String!) {
    evaluation(_id: $id) {
      _id
      status
      statusName
      version
      form
      document
      viewerRole
      programName
      locationName
      address
      dueDate
      submittedAt
      ...ShopperVisitProof
    }
  }
`);

/** What the shopper sees of their own check-in and check-out. */
export const SHOPPER_VISIT_PROOF = graphql(`
  fragment ShopperVisitProof on Evaluation {
    _id
    checkInAt
    checkOutAt
    distanceMeters
    durationMinutes
  }
`);

export const CHECK_IN = graphql(`
  mutation CheckIn($id: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
    checkIn(_id: $id, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) {
      ...ShopperVisitProof
    }
  }
`);

export const CHECK_OUT = graphql(`
  mutation CheckOut($id: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
    checkOut(_id: $id, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) {
      ...ShopperVisitProof
    }
  }
`);

export const SAVE_EVALUATION = graphql(`
  mutation SaveEvaluation(
    $id: String!
    $answers: JSON!
    $currentSectionId: String
    $baseVersion: Int!
    $photoTakenAt: JSON
  ) {
    saveEvaluation(
      _id: $id
      answers: $answers
      currentSectionId: $currentSectionId
      baseVersion: $baseVersion
      photoTakenAt: $photoTakenAt
    ) {
      _id
      status
      version
      document
    }
  }
`);

export const SUBMIT_EVALUATION = graphql(`
  mutation SubmitEvaluation($id: String!) {
    submitEvaluation(_id: $id) {
      _id
      status
    }
  }
`);

export const RELEASE_EVALUATION = graphql(`
  mutation ReleaseEvaluation($id: String!) {
    releaseEvaluation(_id: $id) {
      _id
      status
    }
  }
`);

export const QA_QUEUE = graphql(`
  query QaQueue {
    qaQueue {
      _id
      status
      statusName
      programName
      locationName
      address
      dueDate
      submittedAt
      reviewerName
      reviewedByMe
      proofFlags {
        code
        level
        message
      }
    }
  }
`);

export const CLAIM_NEXT_EVALUATION = graphql(`
  mutation ClaimNextEvaluation {
    claimNextEvaluation {
      _id
      status
    }
  }
`);

/** The QA view: the evaluation to rebuild, its scored report and its history. */
export const QA_EVALUATION = graphql(`
  query QaEvaluation($id: String!) {
    evaluation(_id: $id) {
      _id
      status
      statusName
      form
      document
      viewerRole
      report
      programName
      locationName
      address
      submittedAt
      reviewerName
      reviewedByMe
      reviewClaimedAt
      checkInAt
      checkOutAt
      checkInLatitude
      checkInLongitude
      checkInAccuracyMeters
      locationLatitude
      locationLongitude
      distanceMeters
      durationMinutes
      locationHasCoordinates
      proofFlags {
        code
        level
        message
      }
      events {
        toStatusName
        comment
        createdAt
      }
    }
  }
`);

export const START_REVIEW = graphql(`
  mutation StartReview($id: String!) {
    startReview(_id: $id) {
      _id
      status
      statusName
      reviewerName
      reviewedByMe
      reviewClaimedAt
    }
  }
`);

export const SET_PROOFING_COMMENT = graphql(`
  mutation SetProofingComment($id: String!, $elementId: String!, $comment: String!) {
    setProofingComment(_id: $id, elementId: $elementId, comment: $comment) {
      _id
    }
  }
`);

export const REJECT_EVALUATION = graphql(`
  mutation RejectEvaluation($id: String!, $comment: String!) {
    rejectEvaluation(_id: $id, comment: $comment) {
      _id
      status
    }
  }
`);

export const APPROVE_EVALUATION = graphql(`
  mutation ApproveEvaluation($id: String!, $grade: Int, $gradeReason: String) {
    approveEvaluation(_id: $id, grade: $grade, gradeReason: $gradeReason) {
      _id
      status
    }
  }
`);

/** The customer's report of an approved evaluation. */
export const SHOP_REPORT = graphql(`
  query ShopReport($id: String!) {
    evaluation(_id: $id) {
      _id
      status
      report
      percentage
      programName
      locationName
      address
      shopDate
      approvedAt
    }
  }
`);

/** An approved report by its shared link (a guest's or a location's report address's e-mail): no login. */
export const SHARED_SHOP_REPORT = graphql(`
  query SharedShopReport($id: String!, $key: String!) {
    sharedShopReport(_id: $id, key: $key) {
      _id
      report
      percentage
      programName
      locationName
      address
      shopDate
      approvedAt
    }
  }
`);
