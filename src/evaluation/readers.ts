import type {
  EvaluationLocation,
  EvaluationMetadata,
  EvaluationShop,
  EvaluationUser,
} from './evaluation-types';
import type { Report } from './score';

/**
 * Who reads an evaluation, for what each may see of it:
 * - `shopper`: the evaluator who did the visit (their own answers, QA's per-question comments and
 *   the note a rejection sends back to them);
 * - `staff`: QA (employees, proofers and platform admins): everything;
 * - `customer`: the business visited (its owner, team admins and managers, its API keys, anyone
 *   holding a report's shared link): the shop's answers as reported, nothing of who the shopper is
 *   and nothing of QA's notes.
 */
export type EvaluationReader = 'shopper' | 'staff' | 'customer';

/** The engine role a customer's view is rebuilt with (never 'shopper': the customer did not fill it in). */
export const CUSTOMER_VIEWER_ROLE = 'customer';

/** A stored evaluation document, as far as the reader rule looks into it. */
export interface EvaluationDocument {
  context?: {
    user?: Partial<EvaluationUser> | null;
    shopper?: Partial<EvaluationUser> | null;
    location?: Partial<EvaluationLocation> | null;
    shop?: Partial<EvaluationShop> | null;
    isSurvey?: boolean;
    inboundParameters?: Readonly<Record<string, string | number>>;
  };
  answers?: Readonly<Record<string, unknown>>;
  proofingComments?: Readonly<Record<string, string>>;
  metadata?: Partial<EvaluationMetadata> | null;
  photoTakenAt?: Readonly<Record<string, string>>;
}

/** The element ids a customer may read the answers of: those the report shows (reportability). */
export function reportedElementIds(report: Report): Set<string> {
  return new Set(
    report.sections.flatMap((s) => s.elements.filter((e) => e.isReported).map((e) => e.localId)),
  );
}

/**
 * What `reader` may see of an evaluation document. Customers get an allow-list: the location and the
 * shop (their own facts), whether it is a survey, and the answers of reported elements only
 * (`reported`, from `reportedElementIds`); never the shopper's identity (name, e-mail, phone, age,
 * gender), QA's per-question comments, the rejection note or QA's internal comment, the positions or
 * the photos' taken times. The shopper sees their document without QA's internal comment; staff see
 * it whole.
 */
export function documentForReader(
  reader: EvaluationReader,
  doc: EvaluationDocument,
  reported: ReadonlySet<string>,
): EvaluationDocument {
  if (reader === 'staff') return doc;
  if (reader === 'shopper') {
    const { internalComment: _, ...metadata } = doc.metadata ?? {};
    return { ...doc, metadata };
  }
  const context = doc.context ?? {};
  return {
    context: {
      location: context.location ?? null,
      shop: context.shop ?? null,
      isSurvey: context.isSurvey ?? false,
    },
    answers: Object.fromEntries(Object.entries(doc.answers ?? {}).filter(([id]) => reported.has(id))),
    proofingComments: {},
    metadata: {},
  };
}

/**
 * What `reader` may see of a scored report: customers get only the reported elements (an element
 * reported 'never', such as a receipt total for the reimbursement, is dropped with its answer; it
 * still counts in its section's score); the shopper and staff get the report whole.
 */
export function reportForReader(reader: EvaluationReader, report: Report): Report {
  if (reader !== 'customer') return report;
  return {
    ...report,
    sections: report.sections.map((s) => ({ ...s, elements: s.elements.filter((e) => e.isReported) })),
  };
}
