/** What went wrong, as a stable code a caller can branch on. */
export type EvaluationErrorCode =
  | 'invalid-form'
  | 'duplicate-id'
  | 'unknown-source-ref'
  | 'invalid-config'
  | 'unknown-element'
  | 'invalid-answer'
  | 'not-editable'
  | 'hidden-element'
  | 'not-allowed'
  | 'not-commentable';

/**
 * An expected failure of the engine: bad form JSON, a bad answer, an operation the user may not
 * do. It names the element (and section) at fault so the form builder or the API can point at it.
 * The engine returns it inside a Result; it never throws it.
 */
export class EvaluationError extends Error {
  override readonly name = 'EvaluationError';
  readonly code: EvaluationErrorCode;
  readonly elementId: string | null;
  readonly sectionId: string | null;
  /** Where in the input the problem is, e.g. ['sections', 0, 'elements', 2, 'options']. */
  readonly path: readonly (string | number)[];

  constructor(
    code: EvaluationErrorCode,
    message: string,
    where: { elementId?: string | null; sectionId?: string | null; path?: readonly (string | number)[] } = {},
  ) {
    super(message);
    this.code = code;
    this.elementId = where.elementId ?? null;
    this.sectionId = where.sectionId ?? null;
    this.path = where.path ?? [];
  }
}

/** Either a value or a typed error; the engine's fallible functions return this instead of throwing. */
export type Result<T, E = EvaluationError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function fail<E>(error: E): Result<never, E> {
  return { ok: false, error };
}
