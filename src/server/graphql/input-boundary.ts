import {
  defaultFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  isScalarType,
} from 'graphql';
import {
  DEFAULT_MAX_ITEMS,
  INPUT_LIMITS,
  inputLabel,
  JSON_LIMITS,
  textProblem,
  textProblemMessage,
  textRuleFor,
} from '../../domain/schemas/index.js';
import { AppError, type FieldError } from '../errors.js';

/**
 * The input boundary: every argument of every field is checked against INPUT_LIMITS before its
 * resolver (and so before authorization, a transaction or the database) sees it. Strings follow
 * the text rule, Ints their range, lists their size, JSON its depth and size with every string and
 * key in it following the text rule. A refusal is one BAD_USER_INPUT naming each bad field by its
 * path inside the argument (`input` arguments are named by their fields, as the zod schemas do).
 */

type Check = (value: unknown, path: string, out: FieldError[]) => void;

const MAX_PROBLEMS = 20;
const JSON_TEXT = { max: JSON_LIMITS.maxString, multiline: true } as const;
const JSON_KEY = { max: JSON_LIMITS.maxKey } as const;

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function checkText(label: string, coordinate: string, name: string): Check {
  const rule = textRuleFor(coordinate, name);
  return (value, path, out) => {
    if (typeof value !== 'string') return;
    const problem = textProblem(value, rule);
    if (problem) out.push({ field: path, message: textProblemMessage(label, problem, rule) });
  };
}

/** Ints (`whole`) and Floats: inside the inclusive range. */
function checkRange(label: string, range: readonly [number, number] | undefined, whole: boolean): Check {
  if (!range) return () => {};
  const [min, max] = range;
  const message = whole
    ? `${label} must be a whole number from ${min} to ${max}.`
    : `${label} must be a number between ${min} and ${max}.`;
  return (value, path, out) => {
    if (typeof value === 'number' && (value < min || value > max || (whole && !Number.isInteger(value))))
      out.push({ field: path, message });
  };
}

/** JSON: bounded nesting and size; every string and key follows the text rule (multi-line). */
function checkJson(label: string): Check {
  return (value, path, out) => {
    let nodes = 0;
    const walk = (v: unknown, at: string, depth: number): boolean => {
      if (++nodes > JSON_LIMITS.maxNodes) {
        out.push({ field: path, message: `${label} is too large.` });
        return false;
      }
      if (typeof v === 'string') {
        const problem = textProblem(v, JSON_TEXT);
        if (problem) out.push({ field: at, message: textProblemMessage(label, problem, JSON_TEXT) });
        return true;
      }
      if (typeof v === 'number') {
        if (!Number.isFinite(v))
          out.push({ field: at, message: `${label} holds a number that is out of range.` });
        return true;
      }
      if (v === null || typeof v !== 'object') return true;
      if (depth >= JSON_LIMITS.maxDepth) {
        out.push({ field: path, message: `${label} is nested too deeply.` });
        return false;
      }
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!walk(v[i], join(at, i), depth + 1)) return false;
        return true;
      }
      for (const [key, child] of Object.entries(v)) {
        const problem = textProblem(key, JSON_KEY);
        if (problem) {
          out.push({ field: at || path, message: `${label} has a name that ${keyProblem[problem]}.` });
          return false;
        }
        if (!walk(child, join(at, key), depth + 1)) return false;
      }
      return true;
    };
    walk(value, path, 0);
  };
}

const keyProblem = {
  length: `is longer than ${JSON_LIMITS.maxKey} characters`,
  control: 'contains control characters',
  'line-break': 'contains a line break',
  encoding: 'is not valid text',
} as const;

function compile(
  type: GraphQLInputType,
  coordinate: string,
  name: string,
  objects: Map<string, Check>,
): Check {
  const nullable = getNullableType(type);
  const limit = INPUT_LIMITS[coordinate];
  const label = limit?.label ?? inputLabel(name);
  if (isListType(nullable)) {
    const item = compile(nullable.ofType, coordinate, name, objects);
    const maxItems = limit?.maxItems ?? DEFAULT_MAX_ITEMS;
    return (value, path, out) => {
      if (!Array.isArray(value)) return item(value, path, out);
      if (value.length > maxItems) {
        out.push({ field: path, message: `${label}: at most ${maxItems} are allowed.` });
        return;
      }
      for (let i = 0; i < value.length && out.length < MAX_PROBLEMS; i++) item(value[i], join(path, i), out);
    };
  }
  if (isInputObjectType(nullable)) {
    const known = objects.get(nullable.name);
    if (known) return known;
    let fields: [string, Check][] = [];
    const check: Check = (value, path, out) => {
      if (value === null || typeof value !== 'object') return;
      for (const [key, fieldCheck] of fields) {
        const v = (value as Record<string, unknown>)[key];
        if (v !== undefined && v !== null) fieldCheck(v, join(path, key), out);
      }
    };
    objects.set(nullable.name, check);
    fields = Object.values(nullable.getFields()).map((f) => [
      f.name,
      compile(f.type, `${nullable.name}.${f.name}`, f.name, objects),
    ]);
    return check;
  }
  if (isScalarType(nullable)) {
    switch (nullable.name) {
      case 'String':
      case 'ID':
        return checkText(label, coordinate, name);
      case 'Int':
      case 'Float':
        return checkRange(label, limit?.range, nullable.name === 'Int');
      case 'JSON':
        return checkJson(label);
    }
  }
  return () => {};
}

/** Puts the boundary in front of every resolver that takes arguments. Call once on the built schema. */
export function enforceInputLimits(schema: GraphQLSchema): GraphQLSchema {
  const objects = new Map<string, Check>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length) continue;
      const checks = field.args.map((arg) => ({
        name: arg.name,
        root: arg.name === 'input' ? '' : arg.name,
        check: compile(arg.type, `${type.name}.${field.name}.${arg.name}`, arg.name, objects),
      }));
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const out: FieldError[] = [];
        for (const c of checks) {
          const value = args[c.name];
          if (value !== undefined && value !== null) c.check(value, c.root, out);
        }
        if (out.length) throw new AppError('BAD_USER_INPUT', out.map((p) => p.message).join(' '), out);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}

/** Every Int and Float argument or input field, by coordinate (for the test that each has a range). */
export function numericInputCoordinates(schema: GraphQLSchema): string[] {
  const out: string[] = [];
  const isNumeric = (t: GraphQLInputType): boolean => {
    const n = getNullableType(t);
    if (isListType(n)) return isNumeric(n.ofType);
    return isScalarType(n) && (n.name === 'Int' || n.name === 'Float');
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type))
      for (const f of Object.values(type.getFields()))
        for (const a of f.args) if (isNumeric(a.type)) out.push(`${type.name}.${f.name}.${a.name}`);
    if (isInputObjectType(type))
      for (const f of Object.values(type.getFields()))
        if (isNumeric(f.type)) out.push(`${type.name}.${f.name}`);
  }
  return out;
}
