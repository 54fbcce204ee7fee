import {
  type Answers,
  createEvaluation,
  type Evaluation,
  type EvaluationContext,
  type EvaluationMetadata,
  EvaluationStatus,
  type EvaluationStatusCode,
  type Form,
  parseAnswers,
  parseForm,
  refresh,
} from '../../evaluation';

/**
 * The `document` JSON of an evaluation as the server stores it (StoredEvaluation in
 * src/server/fieldwork/evaluation-store.ts): its context, answers, proofing comments and positions.
 */
export interface StoredDocument {
  context: Pick<
    EvaluationContext,
    'user' | 'shopper' | 'location' | 'shop' | 'isSurvey' | 'inboundParameters'
  >;
  answers: Answers;
  proofingComments: Record<string, string>;
  metadata: Partial<EvaluationMetadata>;
  /** When each photo answer was taken ({elementId: ISO time}). */
  photoTakenAt: Record<string, string>;
}

/** The fields of an evaluation query that rebuild it. */
export interface EvaluationData {
  _id: string;
  status: number;
  form: unknown;
  document: unknown;
  viewerRole: string;
}

export interface StoredEvaluation {
  form: Form;
  document: StoredDocument;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const textRecord = (v: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record(v)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/** Reads the JSON of an evaluation query through the engine's types; an error names what is wrong. */
export function readStored(data: Pick<EvaluationData, 'form' | 'document'>): StoredEvaluation | Error {
  const form = parseForm(data.form);
  if (!form.ok) return new Error(form.error.message);
  const doc = record(data.document);
  const answers = parseAnswers(form.value, doc.answers ?? {});
  return {
    form: form.value,
    document: {
      context: record(doc.context) as StoredDocument['context'],
      answers: answers.ok ? answers.value : {},
      proofingComments: textRecord(doc.proofingComments),
      metadata: record(doc.metadata) as Partial<EvaluationMetadata>,
      photoTakenAt: textRecord(doc.photoTakenAt),
    },
  };
}

/**
 * The engine context to rebuild an evaluation with: staff see it in their own role (proofers may
 * comment, internal questions open to them), the shopper in the context it was started with.
 */
export function contextOf(
  data: Pick<EvaluationData, '_id' | 'status' | 'viewerRole'>,
  document: StoredDocument,
  opts: { readOnly?: boolean } = {},
): EvaluationContext {
  return {
    ...document.context,
    user: data.viewerRole !== 'shopper' ? { role: data.viewerRole } : (document.context.user ?? {}),
    evaluationId: data._id,
    evaluationStatus: opts.readOnly ? EvaluationStatus.Preview : (data.status as EvaluationStatusCode),
  };
}

/** The engine evaluation of stored data, answers, comments and positions included. */
export function rebuildEvaluation(stored: StoredEvaluation, context: EvaluationContext): Evaluation {
  const started = createEvaluation(stored.form, context);
  const { metadata } = stored.document;
  const known = stored.form.sections.some((s) => s.localId === metadata.currentSectionId);
  return refresh({
    ...started,
    answers: { ...stored.document.answers, ...started.answers },
    proofingComments: stored.document.proofingComments,
    metadata: {
      ...started.metadata,
      ...metadata,
      evaluationId: started.metadata.evaluationId,
      evaluationStatus: started.metadata.evaluationStatus,
      ...(known ? {} : { currentSectionId: started.metadata.currentSectionId }),
    },
  });
}

/** "Taken 14:02, 26 Nov 2026": when a photo was taken, in the viewer's time zone. */
export function takenLabel(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  return `Taken ${time}, ${day}`;
}
