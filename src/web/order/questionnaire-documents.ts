import { graphql } from '../gql';

/** The brand's published industries with their published questionnaires (Get Started, Select). */
export const PUBLISHED_INDUSTRIES = graphql(`
  query PublishedIndustriesAndQuestionnaires {
    publishedIndustries {
      _id
      title
      questionnaires {
        _id
        title
        type
        cost
        startupCost
        monthsPurchased
        sampleLink
        isCustom
        industryId
      }
    }
  }
`);

/** Incentive zones and car makes are not in the bootstrapped brand; the tier pickers read them here. */
export const BRAND_TIER_PICKS = graphql(`
  query BrandTierPicks {
    currentBrand {
      _id
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

export const START_ORDER = graphql(`
  mutation StartOrder($oid: String, $qids: [String!]!, $serviceKeys: [String!]) {
    startOrder(oid: $oid, qids: $qids, serviceKeys: $serviceKeys) {
      _id
      serviceKeys
      userQuestionnaires {
        _id
      }
    }
  }
`);

export const MODIFY_ORDER_QUESTIONNAIRES = graphql(`
  mutation ModifyOrderQuestionnaires($oid: String!, $qids: [String!]!, $qType: String!) {
    modifyOrderQuestionnaires(oid: $oid, qids: $qids, qType: $qType) {
      _id
      serviceKeys
    }
  }
`);

export const SAVE_USER_QUESTIONNAIRE = graphql(`
  mutation SaveUserQuestionnaire($_id: String!, $input: UserQuestionnaireInput!) {
    saveUserQuestionnaire(_id: $_id, input: $input) {
      _id
      additionalComments
      customUpload {
        fileKey
        publicUrl
        fileName
      }
      customQuestions {
        type
        question
        multipleChoiceOptions
        allowMultipleSelections
      }
    }
  }
`);

export const REMOVE_USER_QUESTIONNAIRE = graphql(`
  mutation RemoveUserQuestionnaire($oid: String!, $uqid: String!) {
    removeUserQuestionnaire(oid: $oid, uqid: $uqid) {
      _id
    }
  }
`);
