import { graphql } from '../gql';

/** Everything the wizard screens read about the order in progress. */
export const ORDER_DETAILS = graphql(`
  query OrderDetails($oid: String) {
    order(_id: $oid) {
      _id
      orderNumber
      status
      serviceKeys
      hasLocations
      initialDue {
        value
        displayValue
        startupCosts {
          value
          displayValue
        }
      }
      userQuestionnaires {
        _id
        qid
        additionalComments
        customUpload {
          fileKey
          publicUrl
          fileName
        }
        customQuestions {
          question
          type
          multipleChoiceOptions
          allowMultipleSelections
        }
        questionnaire {
          _id
          title
          type
          cost
          startupCost
          minimumReimbursement
          showReimbursement
          monthsPurchased
          sampleLink
          isCustom
          industryId
        }
      }
      locations {
        ...EditableLocation
        shops {
          ...OrderShop
          uqid
          locationId
        }
      }
    }
  }
`);
