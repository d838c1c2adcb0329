/**
 * fast-check arbitraries for the fuzz suite, derived from a call's zod schema (through its JSON
 * Schema) so every call, including calls added later, gets payloads of its own shape:
 * - validish: values of the schema's shape, biased to small ids that exist in the fixture;
 * - hostile: any JSON value, with wrong types, huge and odd numbers, long and strange strings
 *   (lone surrogates, NUL, RTL marks, emoji) and prototype keys; deepJsonText: nesting as JSON text;
 * - payloadOf: a mix of both, and of valid-ish payloads with one field broken, dropped or added;
 *   payloadTextOf: its JSON text, or deeply nested text.
 */
import fc from 'fast-check';
import { z } from 'zod';

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202E',
  '\uFEFF',
  '😀'.repeat(500),
  '𠜎'.repeat(100),
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '{"a":1}',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\\',
  '\r\n',
  'a'.repeat(70_000),
  '9'.repeat(400),
  // What the go-live probe used: replacement patterns, names that look like others or like nothing,
  // a link that is not the site's own.
  'FPA $& end',
  "$` $' $1 $$",
  '\u3164\u3164',
  '\u2800',
  'a\u0301\u0301\u0301\u0301',
  '\u0430dmin',
  '\uff41\uff44\uff4d\uff49\uff4e',
  '官方管理员',
  '/\\evil.example/path',
];

/** Short strings that pass length checks but trouble SQL, LIKE patterns, encodings or bidi. */
const TRICKY_TEXT = [
  'a\u0000b',
  '\u0000\u0000',
  '\uD800x',
  'x\uDFFF',
  '\u202Eabc',
  "it's",
  '100%',
  'a_b',
  'a\\',
  '\\%_',
  '😀😀',
  '\u200B\u200B',
  '  ',
  '\t\n',
  '$&',
  "$'$`",
  '\u115F\u2060',
  'admin',
];

/** One line of hostile text, for a query parameter or a path segment. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS.filter((text) => text.length <= 1_000), ...TRICKY_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, ...ODD_NUMBERS, ...ODD_STRINGS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ maxLength: 2_000 }),
);

const nested = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype')),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

export const hostile: fc.Arbitrary<unknown> = nested;

/**
 * JSON text of [[[…]]] or {"a":{"a":…}} thousands deep: as text, because building or printing such a
 * value recurses deeper than the test's own stack allows.
 */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** fast-check cannot generate lookaheads: drop them (the value may then miss the pattern: still valid-ish). */
const withoutLookaheads = (pattern: string) => new RegExp(pattern.replace(/\(\?[=!][^)]*\)/g, ''));

function integerBetween(min: number, max: number): fc.Arbitrary<number> {
  // Small values only when the range has some (a minimum above 120, e.g. a chunk size, has none).
  if (!(min <= max && Math.max(min, -3) <= Math.min(max, 120))) return fc.integer({ min, max });
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -3), max: Math.min(max, 120) }) },
    fc.integer({ min, max }),
  );
}

function validishOf(node: JsonSchema): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const options = node.anyOf ?? node.oneOf;
  if (options) return fc.oneof(...options.map(validishOf));
  switch (node.type) {
    case 'object': {
      const properties = node.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, validishOf(child)]));
      return fc.record(record, { requiredKeys: (node.required ?? []).filter((key) => key in properties) });
    }
    case 'integer':
    case 'number': {
      const min = node.minimum ?? (node.exclusiveMinimum === undefined ? -(2 ** 31) : node.exclusiveMinimum + 1);
      const max = node.maximum ?? (node.exclusiveMaximum === undefined ? 2 ** 31 - 1 : node.exclusiveMaximum - 1);
      if (node.type === 'integer') return integerBetween(Math.ceil(min), Math.floor(max));
      return fc.oneof(integerBetween(Math.ceil(min), Math.floor(max)), fc.double({ min, max, noNaN: true }));
    }
    case 'string':
      return node.pattern
        ? fc.stringMatching(withoutLookaheads(node.pattern))
        : fc.oneof(
            {
              weight: 4,
              arbitrary: fc.string({
                minLength: node.minLength ?? 0,
                maxLength: node.maxLength ?? 40,
                unit: 'grapheme',
              }),
            },
            fc.constantFrom(...TRICKY_TEXT),
          );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(node.items ? validishOf(node.items) : hostile, {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 5, 5),
      });
    case 'null':
      return fc.constant(null);
    default:
      return hostile; // any value, or what JSON Schema cannot say (a file, a transform)
  }
}

/** How a call's schema is read as JSON Schema (what it cannot say is "any"). */
export const SCHEMA_OPTIONS = { unrepresentable: 'any', io: 'input' } as const;

export function validish(schema: z.ZodType): fc.Arbitrary<unknown> {
  return validishOf(z.toJSONSchema(schema, SCHEMA_OPTIONS) as JsonSchema);
}

/** A valid-ish object with one field replaced by a hostile value, dropped, or an unknown one added. */
function broken(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const replaceOrDrop =
    keys.length === 0
      ? hostile
      : fc.tuple(fc.constantFrom(...keys), fc.option(hostile, { freq: 4 })).map(([key, replacement]) => {
          const copy = { ...record };
          if (replacement === null) delete copy[key];
          else copy[key] = replacement;
          return copy;
        });
  const added = fc.tuple(fc.string({ maxLength: 12 }), hostile).map(([key, extra]) => ({ ...record, [key]: extra }));
  return fc.oneof(replaceOrDrop, added);
}

export function payloadOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = validish(schema);
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: valid.chain(broken) },
    { weight: 2, arbitrary: hostile },
  );
}

/** A payload's JSON text, as the signed wrapper's body carries it; sometimes thousands deep. */
export const payloadTextOf = (schema: z.ZodType): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 20, arbitrary: payloadOf(schema).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: deepJsonText },
  );
