import type { SectionStat } from '../../domain';

// Rows of the reporting API as this app's server returns them (src/server/reporting-api/queries.ts).

export interface ProgramRow {
  programId: string;
  programName: string;
  programType: 'shop' | 'customerSurvey';
  orderNumber: number | null;
  orderDate: string | null;
  positives: number;
  negatives: number;
  neutrals: number;
  summaryLink: string;
}

export interface ShopRow {
  shopId: string;
  programId: string;
  programName: string;
  orderNumber: number | null;
  address: string | null;
  locationName: string | null;
  cycleStartDate: string | null;
  dueDate: string | null;
  /** Visit status name: Open, InProgress, Delivered, Cancelled... */
  status: string;
  latestEvalStatus: number | null;
  reportLink: string | null;
  submittedDate: string | null;
  stats: (SectionStat & { percentage: number })[] | null;
}

export interface SurveyRow {
  programId: string;
  clientLocationId: string;
  surveyCode: string;
  programName: string;
  address: string | null;
  locationName: string | null;
  orderNumber: number | null;
  orderDate: string | null;
  responses: number;
  submittedDate: string | null;
  reportLink: string;
  evaluationLink: string;
}

export interface SummaryShopRow {
  shop_id: string;
  shop_date: string;
  program_id: string;
  program_name: string;
  name: string;
  address_name: string | null;
  total_score: number;
  total_possible_score: number;
  overall_score: number;
  percent_score: number;
}

export interface SummarySectionRow {
  shop_id: string;
  shop_date: string;
  program_id: string;
  program_name: string;
  name: string;
  section_header: string;
  percent_score: number;
}

/**
 * /api/summary/shops?groupBy=: the shops of a group (SUMMARY_GROUPINGS), e.g. a program and location
 * over the range, or a program in one month or day (then `name` is the location asked for, or null).
 */
export interface SummaryShopGroupRow {
  /** The group's first and last shop dates. */
  shop_date: string;
  last_shop_date: string;
  program_id: string;
  program_name: string;
  name: string | null;
  shop_count: number;
  total_score: number;
  total_possible_score: number;
  /** Sum of score / possible score of the shops with something possible ... */
  percent_sum: number;
  /** ... and their number. */
  scored_shops: number;
}

/** /api/summary/sectionHeaders?groupBy=: a program's section over the shops of one month or day. */
export interface SummarySectionGroupRow {
  shop_date: string;
  program_name: string;
  section_header: string;
  section_index: number;
  percent_sum: number;
  shop_count: number;
}

export interface WorstQuestionRow {
  prompt: string;
  avg_percent_score: number;
  program_name: string | null;
}

export interface QuestionRow {
  shop_id: string;
  shop_date: string;
  prompt: string;
  answer: string | null;
  total_possible_score: number;
  percent_score: number;
}
