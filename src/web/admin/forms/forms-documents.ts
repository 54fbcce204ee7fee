import { graphql } from '../../gql';

export const FORMS = graphql(`
  query AdminForms {
    forms {
      _id
      name
      isActive
      updatedAt
      latestVersion {
        _id
        version
        publishedAt
      }
    }
  }
`);

export const FORM = graphql(`
  query AdminForm($id: String!) {
    form(_id: $id) {
      _id
      name
      isActive
      updatedAt
      draft
      latestVersion {
        _id
        version
        publishedAt
      }
      versions {
        _id
        version
        publishedAt
      }
    }
  }
`);

export const CREATE_FORM = graphql(`
  mutation CreateForm($name: String!) {
    createForm(name: $name) {
      _id
      name
    }
  }
`);

export const SAVE_FORM_DRAFT = graphql(`
  mutation SaveFormDraft($id: String!, $draft: JSON!) {
    saveFormDraft(_id: $id, draft: $draft) {
      _id
      name
      updatedAt
      draft
    }
  }
`);

export const PUBLISH_FORM = graphql(`
  mutation PublishForm($id: String!) {
    publishForm(_id: $id) {
      _id
      latestVersion {
        _id
        version
        publishedAt
      }
      versions {
        _id
        version
        publishedAt
      }
    }
  }
`);

export const SET_FORM_ACTIVE = graphql(`
  mutation SetFormActive($id: String!, $isActive: Boolean!) {
    setFormActive(_id: $id, isActive: $isActive) {
      _id
      isActive
    }
  }
`);
