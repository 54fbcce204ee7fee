/** The part of a ZodError these helpers read (structural, so any zod issue list fits). */
interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export interface FieldError {
  /** Dotted path of the field ('profile.firstName', 'customQuestions.0.type'); '' for the whole form. */
  field: string;
  message: string;
}

/** Every issue as a field and a message, in the order the schema found them, without repeats. */
export function fieldErrors(error: IssueList): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map((key) => String(key)).join('.');
    const key = `${field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message: issue.message });
  }
  return out;
}

/** The first problem, for forms that show one message at a time; null when there is none. */
export function firstError(error: IssueList): FieldError | null {
  return fieldErrors(error)[0] ?? null;
}
