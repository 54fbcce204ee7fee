import { z } from 'zod';
import { MSG_DATE_KEY_INVALID, SUMMARY_GROUPINGS, zDateKey } from '../../domain/index.js';
import {
  ZProgramRecord,
  ZQuestionRecord,
  ZShopRecord,
  ZSummarySectionGroupRecord,
  ZSummarySectionRecord,
  ZSummaryShopGroupRecord,
  ZSummaryShopRecord,
  ZSurveyRecord,
  ZWorstQuestionRecord,
} from './records.js';

// The reporting API's input rules, in one place: routes.ts validates every call with ZReportingQuery,
// and the OpenAPI document (src/server/openapi) is generated from the same schema and endpoint list.

const day = (what: string) =>
  zDateKey(MSG_DATE_KEY_INVALID)
    .optional()
    .meta({ description: `${what} (YYYY-MM-DD, UTC), inclusive.` });
/** A whole number from 1 to `max`: every way to miss it (text, a fraction, 0, too big) says the same. */
const positive = (fallback: number, max: number, description: string) => {
  const error = `must be a whole number from 1 to ${max.toLocaleString('en-US')}`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(max, { error })
    .default(fallback)
    .meta({ description });
};

export const ZReportingQuery = z.object({
  userMakingRequest: z.string({ error: 'is required' }).min(1, { error: 'is required' }).meta({
    description: 'The id of the person making the request (the login that asked for the signature).',
  }),
  client: z.string({ error: 'is required' }).min(1, { error: 'is required' }).meta({
    description: 'The customer account the data belongs to (the caller, or the account they act for).',
  }),
  signature: z.string().optional().meta({
    description:
      'HMAC-SHA256 (hex) of the values present, pipe-joined in the documented order, from the GraphQL mutation generateSignature(text). A missing or wrong signature is a 401.',
  }),
  order: z.string().max(100).optional().meta({
    description:
      "Only the shops of this order: the order's id (`_id` in GraphQL, `orderId` in the order.placed webhook). Empty or absent: every order's shops. Another account's order gives an empty list.",
  }),
  programId: z.string().optional().meta({ description: 'Only this program (a purchased questionnaire).' }),
  pageNumber: positive(1, 100_000, 'Page to return, from 1.'),
  pageSize: positive(999, 999, 'Records per page.'),
  startDate: day('First day of the range'),
  endDate: day('Last day of the range'),
  limit: positive(3, 100, 'How many questions to return.'),
  programName: z.string().max(300).optional().meta({ description: 'Only programs of this name.' }),
  locationName: z.string().max(300).optional().meta({ description: 'Only locations of this name.' }),
  groupBy: z
    .enum(SUMMARY_GROUPINGS, { error: `must be ${SUMMARY_GROUPINGS.map((g) => `'${g}'`).join(', ')}` })
    .optional()
    .meta({
      description:
        "Return one record per group instead of one per shop: per program, location and 'month' or 'day'; per program and location over the range ('location'); per program and month or day over all locations, or the one named ('programMonth', 'programDay').",
    }),
  regionId: z
    .string()
    .min(1, { error: 'is required' })
    .max(100)
    .optional()
    .meta({ description: "Only the locations of this region (one of the client's regions)." }),
});
export type ReportingQuery = z.infer<typeof ZReportingQuery>;

/**
 * A call with an API key (Authorization: Bearer sk_live_…): no signature and no userMakingRequest, and
 * client defaults to the key's account. The OpenAPI document describes this shape (the two are then
 * optional), since a parameter cannot be required for one security scheme only.
 */
export const ZReportingKeyQuery = ZReportingQuery.extend({
  userMakingRequest: z.string().optional().meta({
    description:
      'The id of the person making the request (the login that asked for the signature). Required with a signature; not used with an API key.',
  }),
  client: z.string().min(1, { error: 'is required' }).optional().meta({
    description:
      "The customer account the data belongs to (the caller, or the account they act for). Required with a signature; with an API key, the key's account (the default; another account is refused).",
  }),
});
export type ReportingParam = keyof typeof ZReportingQuery.shape;

/** A call with neither a signature nor an API key (a 401, before any parameter is read). */
export const MSG_REPORTING_CREDENTIALS_MISSING =
  'The signature (or API key) is missing: sign the call (generateSignature) or send Authorization: Bearer <API key>.';

/** The error body of a 400: the message names the field, and `field` is its name. */
export const ZFieldError = z.object({
  error: z.string(),
  field: z.string().meta({ description: 'The parameter at fault.' }),
});
/** The error body of a 401 or 403. */
export const ZError = z.object({ error: z.string() });

/** Parameters every endpoint takes (who asks, for whom, the signature, and the Region filter). */
const COMMON = ['userMakingRequest', 'client', 'signature', 'regionId'] as const;
const SUMMARY_FILTERS = [
  'startDate',
  'endDate',
  'programId',
  'programName',
  'locationName',
  'groupBy',
] as const;

export type ReportingEndpoint = {
  summary: string;
  description: string;
  /** The parameters this endpoint reads, besides COMMON (the schema accepts and signs every one). */
  params: readonly ReportingParam[];
  /**
   * What one item of the answer's array is, by the name the OpenAPI document gives it (records.ts);
   * an endpoint that answers groups or single shops has one of each.
   */
  records: Readonly<Record<string, z.ZodObject>>;
};

/** Every endpoint of the reporting API (GET; each answers a JSON array of its records). */
export const REPORTING_ENDPOINTS = {
  '/api/programs': {
    summary: 'Programs',
    description: "The client's programs with their positives, negatives and neutrals.",
    params: ['pageNumber', 'pageSize'],
    records: { ProgramRecord: ZProgramRecord },
  },
  '/api/shops': {
    summary: 'Shops',
    description: 'Visits with their status, report link and section stats.',
    params: ['programId', 'order', 'pageNumber', 'pageSize'],
    records: { ShopRecord: ZShopRecord },
  },
  '/api/surveys': {
    summary: 'Survey links',
    description: 'Survey links, one per program and location.',
    params: ['programId', 'pageNumber', 'pageSize'],
    records: { SurveyRecord: ZSurveyRecord },
  },
  '/api/summary/shops': {
    summary: 'Shop summary',
    description:
      'One record per approved shop, or with groupBy one per program, location and period (shop_count, total_score, total_possible_score, percent_sum, scored_shops, shop_date, last_shop_date). Without groupBy, with pageNumber or pageSize: one page of the shops, in shop date order (the pages of sectionHeaders and questions).',
    params: [...SUMMARY_FILTERS, 'pageNumber', 'pageSize'],
    records: { SummaryShopRecord: ZSummaryShopRecord, SummaryShopGroupRecord: ZSummaryShopGroupRecord },
  },
  '/api/summary/sectionHeaders': {
    summary: 'Section summary',
    description:
      "Each shop's percent per section, or with groupBy one record per program, section and period (percent_sum, shop_count). Without groupBy, with pageNumber or pageSize: the sections of one page of the shops (the pages of shops and questions).",
    params: [...SUMMARY_FILTERS, 'pageNumber', 'pageSize'],
    records: {
      SummarySectionRecord: ZSummarySectionRecord,
      SummarySectionGroupRecord: ZSummarySectionGroupRecord,
    },
  },
  '/api/summary/worstQuestions': {
    summary: 'Worst questions',
    description: 'The lowest-scoring questions of the range.',
    params: ['startDate', 'endDate', 'limit', 'programName', 'locationName'],
    records: { WorstQuestionRecord: ZWorstQuestionRecord },
  },
  '/api/summary/questions': {
    summary: 'Scored answers',
    description:
      "Every scored answer of the range (the CSV download) to a question the form reports (never one reported 'never'); with pageNumber or pageSize, the answers of one page of shops.",
    params: ['startDate', 'endDate', 'programName', 'pageNumber', 'pageSize'],
    records: { QuestionRecord: ZQuestionRecord },
  },
} as const satisfies Record<string, ReportingEndpoint>;
export type ReportingPath = keyof typeof REPORTING_ENDPOINTS;

/** The parameters of one endpoint, in the schema's order. */
export function endpointParams(path: ReportingPath): ReportingParam[] {
  const wanted = new Set<ReportingParam>([...COMMON, ...REPORTING_ENDPOINTS[path].params]);
  return (Object.keys(ZReportingQuery.shape) as ReportingParam[]).filter((k) => wanted.has(k));
}

/** One item of an endpoint's answer (any of its records). */
export type ReportingRecord<P extends ReportingPath> = z.output<
  (typeof REPORTING_ENDPOINTS)[P]['records'][keyof (typeof REPORTING_ENDPOINTS)[P]['records']]
>;
