import fc from 'fast-check';
import {
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { DEFAULT_MAX_ITEMS, INPUT_LIMITS, textRuleFor } from '../../domain/schemas/index.js';

/**
 * Property-based inputs for GraphQL operations, derived from the schema: every argument gets a mix
 * of plausible values (real ids from the fixture, e-mails, dates, the spec's words), boundary values
 * (the longest allowed string, one past it, the ends of a range) and hostile ones (NUL and other
 * control characters, lone surrogates, a 1 MB string, huge and negative numbers, deep JSON, wrong
 * types, traversal paths, script URLs).
 */

/** Real ids by kind, filled from the fixture; an entry says which kind each id argument takes. */
export type IdPools = Record<string, readonly string[]>;

export type FuzzSpec = {
  /** Argument path ('input.brandId', 'qids') -> id pool kind. */
  ids?: Record<string, string>;
  /** Argument path -> an arbitrary of plausible values that replaces the generic one. */
  values?: Record<string, fc.Arbitrary<unknown>>;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  'line\nbreak',
  'tab\there',
  '\u007f',
  '\u0085',
  '\uD800',
  'x\uDC00y',
  '\uFEFFbom',
  '\u202Eevil',
  '😀'.repeat(300),
  '../../etc/passwd',
  'javascript:alert(1)',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00',
  '{"$ne":null}',
] as const;

const MB = 'a'.repeat(1_000_000);

/**
 * Days written YYYY-MM-DD that the calendar does not have (a month 13, 30 February, the year 0, 29
 * February of a common year), and near misses: each must be a field error, never a database error.
 */
export const CALENDAR_INVALID_DATES = [
  '2025-13-45',
  '2025-02-30',
  '0000-00-00',
  '0000-01-01',
  '2023-02-29',
  '2025-04-31',
  '2025-00-10',
  '2025-01-00',
  '9999-99-99',
  '2025-02-30T10:00:00Z',
  '2025-1-5',
] as const;

/** A date parameter's value: a real day (leap days too), or one of the calendar-invalid ones. */
export const dateArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.constantFrom('2024-02-29', '0001-01-01', '9999-12-31') },
  { weight: 3, arbitrary: fc.constantFrom(...CALENDAR_INVALID_DATES) },
);

/** One item of an over-long list stays small, so the list tests the count and not the body limit. */
const small = (v: unknown) =>
  JSON.stringify(v ?? null).length > 2000 ? (typeof v === 'string' ? 'x' : {}) : v;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function plausibleString(name: string): fc.Arbitrary<string> {
  const n = name.toLowerCase();
  if (n.endsWith('emails')) return fc.constantFrom('a@example.test, b@example.test', 'ops@example.test', '');
  if (n.includes('email'))
    return fc.oneof(fc.emailAddress(), fc.constantFrom('customer@demo.test', 'admin@demo.test'));
  if (n.includes('password'))
    return fc.oneof(fc.constantFrom('demo-customer-pass', 'password123', 'secret-pass'), fc.string());
  if (n === 'type' || n === 'qtype')
    return fc.constantFrom('mysteryShop', 'customerSurvey', 'AUTHENTICATED', 'customers');
  if (n === 'status') return fc.constantFrom('COMPLETE', 'ACTIVE', 'CART');
  if (n === 'frequencyperiod') return fc.constantFrom('week', 'month', 'quarter');
  if (n.includes('date') || n === 'paidon') return dateArb;
  if (n.includes('color')) return fc.constantFrom('#1a2b3c', '#fff', 'red');
  if (n === 'state') return fc.constantFrom('TX', 'NV', 'ZZ');
  if (n.includes('phone')) return fc.constantFrom('(512)-555-0100', '5125550100', '12');
  if (n === 'formattedaddress' || n === 'line' || n === 'query')
    return fc.constantFrom('123 Main St, Austin, TX 78701', '500 Fremont St, Las Vegas, NV 89101', 'Austin');
  if (n.includes('url') || n === 'website' || n === 'samplelink')
    return fc.constantFrom(
      'https://example.test/a.png',
      '/s3/uploads/brands/x/logo.png',
      'http://evil.test/',
    );
  if (n === 'gender') return fc.constantFrom('female', 'male', 'other');
  if (n === 'number') return fc.constantFrom('4242424242424242', '4000000000000002', '1234');
  if (n === 'cvc') return fc.constantFrom('123', '1');
  if (n === 'tier') return fc.constantFrom('non-premium', 'premium', 'ultra-premium', 'A');
  return fc.string({ maxLength: 40 });
}

function stringArb(
  coordinate: string,
  name: string,
  pool: readonly string[] | undefined,
): fc.Arbitrary<string> {
  const rule = textRuleFor(coordinate, name);
  const plausible = pool?.length ? fc.constantFrom(...pool) : plausibleString(name);
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(rule.max), 'x'.repeat(rule.max + 1)) },
    { weight: 1, arbitrary: plausible.map((v) => `${v}\u0000`) },
    { weight: 1, arbitrary: fc.constant(MB) },
  );
}

function intArb(coordinate: string): fc.Arbitrary<number> {
  const [min, max] = INPUT_LIMITS[coordinate]?.range ?? [-1000, 1000];
  return fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min, max }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 2_147_483_647, -2_147_483_648),
    },
  );
}

/** JSON: plausible answer maps keyed by pool ids, arbitrary JSON, deep nesting and hostile strings. */
function jsonArb(keys: readonly string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(...HOSTILE_STRINGS),
  );
  const answers = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })), {
        maxKeys: 5,
      })
    : fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 5 });
  const deep = fc.integer({ min: 30, max: 200 }).map((depth) => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
    return v;
  });
  return fc.oneof(
    { weight: 5, arbitrary: answers },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((s) => ({ [s]: s })) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: 200_000 }, () => 0)) },
  );
}

/** A value of the wrong kind for any argument (GraphQL's coercion must refuse it cleanly). */
const WRONG_TYPES = fc.constantFrom<unknown>('text', 12.5, true, { nested: { deep: [1] } }, [['a']], -1e308);

function valueArb(
  type: GraphQLInputType,
  coordinate: string,
  name: string,
  path: string,
  spec: FuzzSpec,
  pools: IdPools,
): fc.Arbitrary<unknown> {
  const own = spec.values?.[path];
  const required = isNonNullType(type);
  const inner = getNullableType(type);
  let arb: fc.Arbitrary<unknown>;
  if (own) arb = own;
  else if (isListType(inner)) {
    const item = valueArb(inner.ofType, coordinate, name, path, spec, pools);
    const maxItems = INPUT_LIMITS[coordinate]?.maxItems ?? DEFAULT_MAX_ITEMS;
    arb = fc.oneof(
      { weight: 8, arbitrary: fc.array(item, { maxLength: 4 }) },
      { weight: 1, arbitrary: item.map((v) => Array.from({ length: maxItems + 1 }, () => small(v))) },
    );
  } else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields)
      shape[f.name] = valueArb(f.type, `${inner.name}.${f.name}`, f.name, join(path, f.name), spec, pools);
    arb = fc.record(shape, { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) });
  } else if (isEnumType(inner)) {
    arb = fc.constantFrom(...inner.getValues().map((v) => v.name));
  } else if (isLeafType(inner)) {
    const pool = spec.ids?.[path] ? pools[spec.ids[path]!] : undefined;
    switch (getNamedType(inner).name) {
      case 'String':
      case 'ID':
        arb = stringArb(coordinate, name, pool);
        break;
      case 'Int':
        arb = intArb(coordinate);
        break;
      case 'Float':
        arb = fc.double();
        break;
      case 'Boolean':
        arb = fc.boolean();
        break;
      default:
        arb = jsonArb(pools.elements ?? []);
    }
  } else arb = fc.constant(null);
  const withWrong = fc.oneof({ weight: 12, arbitrary: arb }, { weight: 1, arbitrary: WRONG_TYPES });
  return required
    ? withWrong
    : fc.oneof({ weight: 8, arbitrary: withWrong }, { weight: 1, arbitrary: fc.constant(null) });
}

/**
 * A REST query or path parameter's value: plausible for its name (a date parameter gets dateArb), a
 * boundary or hostile string, or a number at or past an edge.
 */
export function restValueArb(name: string): fc.Arbitrary<string> {
  const n = name.toLowerCase();
  const plausible = n.includes('date') ? dateArb : plausibleString(name);
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('0', '-1', '1', '999', '1000', '2147483648', '1e309', 'NaN', '1.5', '0x10'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2000), 'x'.repeat(2001)) },
    // Names an object literal answers to without having them (a lookup table read by a parameter).
    {
      weight: 1,
      arbitrary: fc.constantFrom('toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'),
    },
  );
}

/** Variables for one call of `field` (every argument, optional ones sometimes left out). */
export function argumentsArb(
  parent: string,
  field: GraphQLField<unknown, unknown>,
  spec: FuzzSpec,
  pools: IdPools,
): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const a of field.args)
    shape[a.name] = valueArb(a.type, `${parent}.${field.name}.${a.name}`, a.name, a.name, spec, pools);
  return fc.record(shape, {
    requiredKeys: field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name),
  });
}

/** `mutation ($a: T!, ...) { name(a: $a, ...) { __typename } }`: every argument as a variable. */
export function operationDocument(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind}${vars ? ` (${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}
