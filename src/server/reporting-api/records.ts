import { z } from 'zod';
import { VisitStatus } from '../../evaluation/index.js';

// What each reporting endpoint answers: one record per array item. The handlers' results are typed by
// these schemas (routes.ts), the OpenAPI document's 200 answers are made from them (`io: 'output'`,
// strict: no field outside them), and src/server/openapi/answers.test.ts validates real answers of
// every endpoint against that document. The large per-shop answers are JSON written by PostgreSQL
// (queries.ts) and are not parsed again on the way out; the test is what keeps the SQL and these equal.

const id = (description: string) => z.string().meta({ description });
const text = (description: string) => z.string().meta({ description });
const day = (description: string) => z.iso.date().meta({ description: `${description} (YYYY-MM-DD).` });
const count = (description: string) => z.int().min(0).meta({ description });
const number = (description: string) => z.number().meta({ description });
/** A field that may be null, described as a whole (not inside its non-null branch). */
const orNull = (schema: z.ZodString | z.ZodISODateTime | z.ZodNumber, description: string) =>
  schema.nullable().meta({ description });
const share = (description: string) =>
  z
    .number()
    .min(0)
    .meta({
      description: `${description}, from 0 to 1 (score / possible score; 0 when nothing was possible).`,
    });

const programId = id("The program's id (a questionnaire bought on an order): `programId` in the filters.");
const programName = text("The program's name (its questionnaire's title).");
const orderNumber = z.int().meta({ description: 'The number of the order that bought the program.' });
const orderDate = orNull(z.iso.datetime(), 'When the order was placed (ISO 8601, UTC).');
const locationName = text("The location's name.");
const address = text("The location's address: the formatted address, else street, city and state.");
const shopId = id("The shop's id (the approved evaluation).");
const shopDate = day('The day of the shop');

export const ZProgramRecord = z.strictObject({
  programId,
  programName,
  programType: z
    .enum(['shop', 'customerSurvey'])
    .meta({ description: "'shop' for a mystery shop program, 'customerSurvey' for a survey." }),
  orderNumber,
  orderDate,
  positives: count(
    'Approved results at or above the success threshold (mystery shops and survey responses).',
  ),
  negatives: count('Approved results below the warning threshold.'),
  neutrals: count('Approved results between the two thresholds.'),
  summaryLink: text("The program's summary page in the web app (a path)."),
});

const ZSectionStat = z.strictObject({
  sectionName: text("The section's header."),
  scoreAchieved: number('Points scored in the section.'),
  scoreTotal: number('Points possible in the section.'),
  percentage: share('scoreAchieved / scoreTotal'),
});

export const ZShopRecord = z.strictObject({
  shopId: id("The visit's id."),
  programId,
  programName,
  orderNumber,
  address,
  locationName,
  cycleStartDate: day("The first day of the visit's cycle"),
  dueDate: day('The day the visit is due'),
  status: text(
    `The visit's status: ${Object.keys(VisitStatus).join(', ')} (a status outside these is sent as its number).`,
  ),
  latestEvalStatus: z.int().nullable().meta({
    description: "The status code (10000-10010) of the visit's latest evaluation; null before one.",
  }),
  reportLink: orNull(
    z.string(),
    "The shop report's page in the web app (a path); null until the evaluation is approved.",
  ),
  submittedDate: orNull(
    z.iso.datetime(),
    'When the latest evaluation was submitted (ISO 8601, UTC); null before.',
  ),
  stats: z.array(ZSectionStat).nullable().meta({
    description: "The approved evaluation's score per section, in the form's order; null before approval.",
  }),
});

export const ZSurveyRecord = z.strictObject({
  programId,
  clientLocationId: id("The location's id."),
  surveyCode: text("The survey link's code (`/survey/{code}`, and its QR code at `/survey/{code}/qr.png`)."),
  programName,
  address,
  locationName,
  orderNumber,
  orderDate,
  responses: count('Approved responses.'),
  submittedDate: orNull(
    z.iso.datetime(),
    'When the latest response was submitted (ISO 8601, UTC); null before one.',
  ),
  reportLink: text("The survey's summary page in the web app (a path)."),
  evaluationLink: text('The public survey page respondents fill in (a path).'),
});

const shopTotals = {
  total_score: orNull(z.number(), 'Points scored.'),
  total_possible_score: orNull(z.number(), 'Points possible.'),
};

export const ZSummaryShopRecord = z.strictObject({
  shop_id: shopId,
  shop_date: shopDate,
  program_id: programId,
  program_name: programName,
  name: locationName,
  address_name: address,
  ...shopTotals,
  overall_score: orNull(z.number(), 'Points scored (the same as total_score).'),
  percent_score: share("The shop's score"),
});

export const ZSummaryShopGroupRecord = z.strictObject({
  shop_date: day("The group's first shop day"),
  last_shop_date: day("The group's last shop day"),
  program_id: programId,
  program_name: programName,
  name: orNull(
    z.string(),
    "The location's name for a grouping per location; otherwise the `locationName` filter, or null.",
  ),
  shop_count: count('Approved shops in the group.'),
  total_score: number('Points scored, summed over the group.'),
  total_possible_score: number('Points possible, summed over the group.'),
  percent_sum: number(
    "The sum of the scored shops' score / possible score: percent_sum / scored_shops is their average.",
  ),
  scored_shops: count('Shops of the group with something possible.'),
});

export const ZSummarySectionRecord = z.strictObject({
  shop_id: shopId,
  shop_date: shopDate,
  program_id: programId,
  program_name: programName,
  name: locationName,
  section_header: text("The section's header."),
  section_index: count("The section's place in the form, from 0."),
  percent_score: share("The section's score"),
});

export const ZSummarySectionGroupRecord = z.strictObject({
  shop_date: day("The group's first shop day"),
  program_name: programName,
  section_header: text("The section's header."),
  section_index: count("The section's place in the form, from 0."),
  percent_sum: number(
    "The sum of the shops' section score / possible score: percent_sum / shop_count is their average.",
  ),
  shop_count: count('Shops with something possible in the section.'),
});

export const ZWorstQuestionRecord = z.strictObject({
  prompt: text("The question's text."),
  avg_percent_score: share('The average score of its answers'),
  program_name: programName,
});

export const ZQuestionRecord = z.strictObject({
  shop_id: shopId,
  shop_date: shopDate,
  prompt: text("The question's text."),
  answer: text('The answer as the report shows it.'),
  total_possible_score: number('Points possible for the question.'),
  percent_score: share("The answer's score"),
  element_id: id("The question's id in the form."),
});
