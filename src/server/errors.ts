import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { retryAfterSeconds } from '../domain/index.js';

export type AppErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYMENT_FAILED';

export type FieldError = { field: string; message: string };

/**
 * An expected outcome with a user-facing message (invalid field, not allowed, not found...).
 * It is a GraphQLError so Yoga passes it to the client unmasked; anything else is masked and logged.
 */
export class AppError extends GraphQLError {
  readonly code: AppErrorCode;
  readonly fields: FieldError[];

  constructor(
    code: AppErrorCode,
    message: string,
    fields: FieldError[] = [],
    extensions: Record<string, unknown> = {},
  ) {
    super(message, {
      extensions: { code, ...(fields.length ? { fields, field: fields[0]?.field } : {}), ...extensions },
    });
    this.code = code;
    this.fields = fields;
  }
}

/**
 * RATE_LIMITED with the wait: `extensions.retryAfter` in whole seconds, as an HTTP Retry-After (a
 * REST route answers 429 with that header).
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, waitMs: number) {
    const seconds = retryAfterSeconds(waitMs);
    super('RATE_LIMITED', message, [], { retryAfter: seconds });
    this.retryAfterSeconds = seconds;
  }
}

/** Bad input in one field: the message, and the field it belongs to. */
export const badInput = (field: string, message: string) =>
  new AppError('BAD_USER_INPUT', message, [{ field, message }]);

export const notAuthorized = () => new AppError('FORBIDDEN', 'Not Authorized');
export const notLoggedIn = () => new AppError('UNAUTHENTICATED', 'You must be logged in.');

/** Validates with a shared zod schema; on failure throws one AppError naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
  throw new AppError('BAD_USER_INPUT', fields.map((f) => f.message).join(' '), fields);
}
