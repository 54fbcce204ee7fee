import { graphql } from '../gql';

export const SURVEY = graphql(`
  query PublicSurvey($code: String!) {
    survey(surveyCode: $code) {
      surveyCode
      programName
      locationName
      address
      form
    }
  }
`);

/**
 * What the QR page shows of a survey link: its program and address. The account's read (a manager's
 * only at their locations), not the respondents' public one.
 */
export const SURVEY_LINK = graphql(`
  query SurveyLink($programId: String!, $code: String!, $clientId: String) {
    surveyQrPage(programId: $programId, surveyCode: $code, clientId: $clientId) {
      surveyCode
      programName
      locationName
      address
    }
  }
`);

export const SUBMIT_SURVEY_RESPONSE = graphql(`
  mutation SubmitSurveyResponse($code: String!, $answers: JSON!) {
    submitSurveyResponse(surveyCode: $code, answers: $answers)
  }
`);

export const SURVEY_PROGRAM_SUMMARY = graphql(`
  query SurveyProgramSummary($code: String!) {
    surveyProgramSummary(surveyCode: $code) {
      programName
      locationName
      address
      responses
      averagePercentage
      lastResponseAt
      questions {
        prompt
        averagePercentage
        answers
      }
    }
  }
`);
