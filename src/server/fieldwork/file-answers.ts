import { isBundledAsset, keyOfFileReference } from '../../domain/index.js';
import type { Answers, AnswerValue, Form } from '../../evaluation/index.js';
import type { FieldError } from '../errors.js';

/**
 * Photos (imageupload) and call recordings (phonerecording's recordingURL) are files in the
 * evaluation's own folder, evaluations/{id}. An answer names one by the key /s3/sign gave, or by the
 * public URL derived from it (what the page shows and sends back); the key is stored, and URLs are
 * derived again on read, so a planted external or javascript: URL is never stored nor shown.
 */

type PublicUrl = (key: string) => string;
const FILE_TYPES = { imageupload: 'image', phonerecording: 'recording' } as const;
type FileType = keyof typeof FILE_TYPES;

function fileElements(form: Form): Map<string, FileType> {
  const types = new Map<string, FileType>();
  for (const section of form.sections) {
    for (const element of section.elements) {
      if (element.typeId in FILE_TYPES) types.set(element.localId, element.typeId as FileType);
    }
  }
  return types;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file reference an answer holds (a recording as text is its URL), or null for "no file". */
function referenceOf(type: FileType, value: unknown): unknown {
  if (type === 'phonerecording' && isRecord(value)) return value.recordingURL ?? null;
  return value === '' ? null : (value ?? null);
}

/** The answer with its file reference replaced (a recording keeps its other fields). */
function withReference(type: FileType, value: unknown, ref: string): AnswerValue {
  if (type === 'phonerecording')
    return isRecord(value) ? { ...value, recordingURL: ref } : { recordingURL: ref };
  return ref;
}

/**
 * Sent answers with each file reference turned into its key. A reference that is not an upload of
 * `folder` (or any file, when `folder` is null: a public survey response has no folder) is left out
 * and named as `answers.{elementId}`.
 */
export function fileAnswersToKeys(
  form: Form,
  answers: Record<string, unknown>,
  folder: string | null,
  publicUrl: PublicUrl,
): { answers: Record<string, unknown>; errors: FieldError[] } {
  const types = fileElements(form);
  const out: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [id, value] of Object.entries(answers)) {
    const type = types.get(id);
    const ref = type ? referenceOf(type, value) : null;
    if (!type || ref === null) {
      out[id] = value;
      continue;
    }
    const key = folder ? keyOfFileReference(ref, folder, publicUrl) : null;
    if (key) out[id] = withReference(type, value, key);
    else {
      const message = folder
        ? `The ${FILE_TYPES[type]} must be uploaded for this evaluation.`
        : 'Files cannot be attached to a survey response.';
      errors.push({ field: `answers.${id}`, message });
    }
  }
  return { answers: out, errors };
}

/** Stored answers with each file key turned into its public URL; a reference that is not an upload of `folder` is dropped. */
export function fileAnswersToUrls(
  form: Form,
  answers: Answers,
  folder: string,
  publicUrl: PublicUrl,
): Answers {
  const types = fileElements(form);
  if (types.size === 0) return answers;
  const out: Record<string, AnswerValue> = {};
  for (const [id, value] of Object.entries(answers)) {
    const type = types.get(id);
    const ref = type ? referenceOf(type, value) : null;
    if (!type || ref === null) {
      out[id] = value;
      continue;
    }
    if (typeof ref === 'string' && isBundledAsset(ref)) {
      out[id] = value; // the demo seed's samples
      continue;
    }
    const key = keyOfFileReference(ref, folder, publicUrl);
    if (key) out[id] = withReference(type, value, publicUrl(key));
  }
  return out;
}
