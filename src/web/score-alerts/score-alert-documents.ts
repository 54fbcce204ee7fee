import { graphql } from '../gql';

// Score alerts and benchmarks (issue 48): the dashboard's alerts and their acknowledgement, a program's
// alert rule, the benchmark contribution setting, and the Performance Summary's benchmark line.

export const SCORE_ALERTS = graphql(`
  query ScoreAlerts($includeAcknowledged: Boolean) {
    scoreAlerts(includeAcknowledged: $includeAcknowledged) {
      _id
      evaluationId
      programName
      locationName
      shopDate
      percentage
      trailingAverage
      reason
      reasonLabel
      actionPlanId
      createdAt
      acknowledgedAt
    }
  }
`);

export const ACKNOWLEDGE_SCORE_ALERT = graphql(`
  mutation AcknowledgeScoreAlert($id: String!) {
    acknowledgeScoreAlert(_id: $id) {
      _id
      acknowledgedAt
    }
  }
`);

export const SCORE_ALERT_RULE = graphql(`
  query ScoreAlertRule($programId: String!) {
    scoreAlertRule(programId: $programId) {
      programId
      belowPercent
      dropPoints
      trailingShops
      isSet
    }
  }
`);

export const SAVE_SCORE_ALERT_RULE = graphql(`
  mutation SaveScoreAlertRule($input: ScoreAlertRuleInput!) {
    saveScoreAlertRule(input: $input) {
      programId
      belowPercent
      dropPoints
      trailingShops
      isSet
    }
  }
`);

export const BENCHMARK_SETTINGS = graphql(`
  query BenchmarkSettings {
    benchmarkSettings {
      contributes
      lastRollupAt
    }
  }
`);

export const SET_BENCHMARK_CONTRIBUTION = graphql(`
  mutation SetBenchmarkContribution($contribute: Boolean!) {
    setBenchmarkContribution(contribute: $contribute) {
      contributes
      lastRollupAt
    }
  }
`);

export const BENCHMARKS = graphql(`
  query Benchmarks($filter: BenchmarkFilter!) {
    benchmarks(filter: $filter) {
      programId
      programName
      industry
      questionnaireType
      available
      message
      account {
        label
        topPercent
      }
      location {
        label
        topPercent
      }
    }
  }
`);
