import { graphql } from '../gql';

// Scheduled report e-mails (issue 48): the owner's schedule and its recipients among the team.

export const REPORT_SCHEDULE = graphql(`
  query ReportSchedule {
    reportSchedule {
      frequency
      paper
      nextSendDay
      recipients {
        userId
        unsubscribed
      }
      members {
        userId
        email
        name
        role
      }
    }
  }
`);

export const SAVE_REPORT_SCHEDULE = graphql(`
  mutation SaveReportSchedule($frequency: String, $paper: String, $recipientIds: [String!]!) {
    saveReportSchedule(frequency: $frequency, paper: $paper, recipientIds: $recipientIds) {
      frequency
      paper
      nextSendDay
      recipients {
        userId
        unsubscribed
      }
      members {
        userId
        email
        name
        role
      }
    }
  }
`);
