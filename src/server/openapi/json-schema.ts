import { z } from 'zod';

// zod 4's own z.toJSONSchema (JSON Schema 2020-12, the dialect of OpenAPI 3.1) turns the schemas that
// validate the requests into the document's parameters and bodies: no second copy of a rule.

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a request may send (`io: 'input'`: a field with a default is optional), or
 * with `io: 'output'` of what an answer holds (a strict object: no other field).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

export type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

/**
 * One parameter per key of a z.object's shape (only `keys`, in the shape's order, when given), required
 * when the object requires it, with the key's `.meta({ description })` as its description.
 */
export function parametersOf(
  object: z.ZodObject,
  where: Parameter['in'],
  keys?: readonly string[],
): Parameter[] {
  const whole = jsonSchema(object) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(whole.required ?? []);
  return Object.entries(whole.properties ?? {})
    .filter(([name]) => !keys || keys.includes(name))
    .map(([name, property]) => {
      const { description, ...schema } = property;
      return {
        name,
        in: where,
        // A path parameter is always required (OpenAPI 3.1, 4.8.12.1).
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' && { description }),
        schema,
      };
    });
}
