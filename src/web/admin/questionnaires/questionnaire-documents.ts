import { graphql } from '../../gql';

// Industries and questionnaires of a brand, for the admin (admin-and-evaluation 7).

export const BRAND_CATALOGUE = graphql(`
  query AdminBrandCatalogue($brandId: String!) {
    brand(_id: $brandId) {
      _id
      name
    }
    industries(brandId: $brandId) {
      _id
      title
      published
      questionnaires {
        _id
        title
        published
        type
      }
    }
  }
`);

export const ADD_INDUSTRY = graphql(`
  mutation AddIndustry($title: String!, $brandId: String!) {
    addIndustry(title: $title, brandId: $brandId) {
      _id
      title
      published
    }
  }
`);

export const REMOVE_INDUSTRY = graphql(`
  mutation RemoveIndustry($id: String!) {
    removeIndustry(_id: $id) {
      _id
    }
  }
`);

export const TOGGLE_INDUSTRY_PUBLISH = graphql(`
  mutation ToggleIndustryPublish($id: String!, $published: Boolean!) {
    toggleIndustryPublish(_id: $id, published: $published) {
      _id
      published
    }
  }
`);

export const ADMIN_QUESTIONNAIRE = graphql(`
  query AdminQuestionnaire($id: String!) {
    questionnaire(_id: $id) {
      _id
      title
      type
      industryId
      brandId
      sampleLink
      cost
      startupCost
      monthsPurchased
      minimumReimbursement
      shopperFee
      showReimbursement
      published
      isCustom
      formId
    }
  }
`);

export const EVALUATION_FORM_CHOICES = graphql(`
  query EvaluationFormChoices {
    forms {
      _id
      name
      isActive
      latestVersion {
        _id
        version
      }
    }
  }
`);

export const SAVE_QUESTIONNAIRE = graphql(`
  mutation AddEditQuestionnaire($id: String, $input: QuestionnaireInput!) {
    addEditQuestionnaire(_id: $id, input: $input) {
      _id
      title
      type
      industryId
      brandId
      sampleLink
      cost
      startupCost
      monthsPurchased
      minimumReimbursement
      shopperFee
      showReimbursement
      published
      isCustom
      formId
    }
  }
`);

export const REMOVE_QUESTIONNAIRE = graphql(`
  mutation RemoveQuestionnaire($id: String!) {
    removeQuestionnaire(_id: $id) {
      _id
    }
  }
`);
