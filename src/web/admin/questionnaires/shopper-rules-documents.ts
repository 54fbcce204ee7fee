import { graphql } from '../../gql';

export const QUESTIONNAIRE_SHOPPER_RULES = graphql(`
  query QuestionnaireShopperRules($qid: String!) {
    questionnaireShopperRules(qid: $qid) {
      qid
      minAge
      maxAge
      gender
      requiresCar
      certificationId
      minRating
      locationGapDays
      maxVisitsPerCycle
    }
    certifications {
      _id
      name
      holders
    }
  }
`);

export const SAVE_QUESTIONNAIRE_SHOPPER_RULES = graphql(`
  mutation SaveQuestionnaireShopperRules($qid: String!, $input: ShopperRulesInput!) {
    saveQuestionnaireShopperRules(qid: $qid, input: $input) {
      qid
      minAge
      maxAge
      gender
      requiresCar
      certificationId
      minRating
      locationGapDays
      maxVisitsPerCycle
    }
  }
`);

export const ADD_CERTIFICATION = graphql(`
  mutation AddCertification($input: CertificationInput!) {
    addCertification(input: $input) {
      _id
      name
      holders
    }
  }
`);

export const SET_SHOPPER_CERTIFICATION = graphql(`
  mutation SetShopperCertification($email: String!, $certificationId: String!, $held: Boolean!) {
    setShopperCertification(email: $email, certificationId: $certificationId, held: $held) {
      _id
      name
      holders
    }
  }
`);
