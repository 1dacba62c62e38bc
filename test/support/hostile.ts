/**
 * Hostile input for the property tests (test/integration/hostile-input.test.ts): values of the
 * wrong type, text no form would send, and request bodies made from a valid body by a few
 * mutations (a field changed or removed, a smuggled key added) or replaced by something not JSON.
 */
import fc from 'fast-check';

/** Markup a name could carry: it must come back (and show) as text, never run. */
export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "';alert(1);//",
  '<b>bold</b>',
  '&lt;b&gt; &amp;',
  '{{7*7}} ${7*7}',
  '<!-- ]]> -->',
  'javascript:alert(1)',
] as const;

/** Scripts, direction marks, combining marks, emoji sequences, characters that change length when case-mapped. */
export const UNICODE_SAMPLES = [
  'Nguyễn 김 שלום 🙂',
  'مرحبا \u202eevil\u202c',
  'e\u0301\u0301\u0301',
  'zero\u200bwidth\u200d',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﷺ',
  'İSTANBUL ß ΣΑΣ',
  '\ufeffbom\u2028line\u2029',
] as const;

/** Dates the MM/DD fields must refuse or read exactly (02/30 is MM/DD-shaped: only month 01-12 and day 01-31 are checked). */
export const DATES = [
  '13/40',
  '02/30',
  '1/2',
  '',
  'abc',
  '00/00',
  '12/32',
  '2024-01-01',
  ' 07/04 ',
  '07-04',
  '٠٧/٠٤',
  '12/31',
  'MM/DD',
] as const;

const controlUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.constant('\u007f'),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: controlUnit },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: fc.constantFrom(' ', '<', '>', '"', "'", '&', '/', '\\', '#', '%') },
);

/** 10,000 characters (UTF-16 units) of one repeated piece. */
const tenThousand = fc
  .constantFrom('x', '<script>', '🙂', 'é', '\u0000', ' ', '김')
  .map((piece) => piece.repeat(Math.ceil(10_000 / piece.length)).slice(0, 10_000));

/** Text that fits a name field (and usually passes): markup, scripts of the world, control characters. */
export const nameText = fc.oneof(
  fc.constantFrom(...HTML_PAYLOADS, ...UNICODE_SAMPLES),
  fc.string({ unit: anyUnit, minLength: 1, maxLength: 30 }),
  fc.constantFrom(...HTML_PAYLOADS, ...UNICODE_SAMPLES).map((s) => `  ${s}\t`),
);

/** Any hostile text: what a name could be, plus bad dates, blank, and 10,000 characters. */
export const hostileText = fc.oneof(
  { weight: 4, arbitrary: nameText },
  { weight: 1, arbitrary: fc.constantFrom(...DATES) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t\n', '\u00a0') },
  { weight: 1, arbitrary: tenThousand },
);

/** A JSON value of a type no field expects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom({ S: 'x' }, { $ne: null }, [], {}, { seconds: 1, nanoseconds: 0 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, wrongType);

/** Path parameters that name nothing of the caller's: malformed, huge, unicode, control characters, unknown uuids. */
export const garbageId = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '...',
    '<script>',
    'a/b',
    '../x',
    '%00',
    'null',
    '0',
    '-1',
    'a b',
    'ORG#x',
    '*',
    '?',
    '#',
  ),
  fc.constant('x'.repeat(10_000)),
  // No lone surrogates here: a URL cannot carry them (encodeURIComponent refuses them).
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.string({ unit: controlUnit, minLength: 1, maxLength: 5 }),
  fc.uuid(),
);

/** Bodies that are not a JSON object: broken, other JSON values, deep nesting, binary, an escaped lone surrogate. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    '{"a":',
    '[1,2]',
    'null',
    '"text"',
    '42',
    'true',
    '{}garbage',
    '<html><script>alert(1)</script></html>',
    '\u0000',
    'undefined',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"x":"\\ud800"}',
    `{"x":${'['.repeat(40_000)}${']'.repeat(40_000)}}`,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Keys a body must never be able to use to change whose data, or which rights, a call touches. */
const SMUGGLED_KEYS = [
  'orgId',
  'admin',
  'id',
  'version',
  '__proto__',
  'constructor',
  'prototype',
  'custom:admin',
  'userId',
  'familyId',
  'memberId',
  'groupId',
  'superAdmin',
  'PK',
  'SK',
  'createdAt',
];

/** The shape of a route's valid body, for mutating it. */
export interface BodyShape {
  /** Field paths ('surname', 'adminInfo.email') with values that fit each field (valid and nearly valid). */
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** Objects a key may be smuggled into ('' is the body itself). */
  containers?: string[];
  /** What a smuggled key carries besides hostile values (another church's id, `true`). */
  smuggled: fc.Arbitrary<unknown>;
}

export type Mutation =
  | { kind: 'set'; path: string; value: unknown }
  | { kind: 'remove'; path: string }
  | { kind: 'extra'; container: string; key: string; value: unknown };

export type BodyRecipe = { kind: 'json'; mutations: Mutation[] } | { kind: 'raw'; raw: string };

function mutation(shape: BodyShape): fc.Arbitrary<Mutation> {
  const paths = Object.keys(shape.fields);
  const containers = shape.containers ?? [''];
  const extra = fc.constantFrom(...containers).chain((container) => {
    const taken = new Set(paths.filter((p) => parentOf(p) === container).map(lastOf));
    return fc.record({
      kind: fc.constant('extra' as const),
      container: fc.constant(container),
      key: fc.constantFrom(...SMUGGLED_KEYS.filter((k) => !taken.has(k))),
      value: fc.oneof(shape.smuggled, hostileValue),
    });
  });
  if (!paths.length) return extra;
  const set = fc.constantFrom(...paths).chain((path) =>
    fc.record({
      kind: fc.constant('set' as const),
      path: fc.constant(path),
      value: fc.oneof(shape.fields[path]!, hostileValue),
    }),
  );
  const remove = fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom(...paths) });
  return fc.oneof({ weight: 5, arbitrary: set }, { weight: 1, arbitrary: remove }, { weight: 2, arbitrary: extra });
}

/** A body: mostly the valid one with up to four mutations (none: the valid body itself), sometimes not JSON at all. */
export function bodyRecipe(shape: BodyShape): fc.Arbitrary<BodyRecipe> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(mutation(shape), { maxLength: 4 }).map((mutations) => ({ kind: 'json' as const, mutations })),
    },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ kind: 'raw' as const, raw })) },
  );
}

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');
const lastOf = (path: string) => path.split('.').at(-1)!;

/** Sets a key as an own property, even `__proto__`, so that it is serialised like any other. */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function containerAt(body: Record<string, unknown>, path: string): Record<string, unknown> | null {
  let at: unknown = body;
  for (const key of path ? path.split('.') : []) at = (at as Record<string, unknown>)[key];
  return at && typeof at === 'object' && !Array.isArray(at) ? (at as Record<string, unknown>) : null;
}

/** The raw body the recipe makes from a valid body (which it leaves alone). */
export function bodyFrom(valid: Record<string, unknown>, recipe: BodyRecipe): string {
  if (recipe.kind === 'raw') return recipe.raw;
  const body = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
  for (const m of recipe.mutations) {
    // A container replaced by an earlier mutation (a string, say) takes no further keys.
    const container = containerAt(body, m.kind === 'extra' ? m.container : parentOf(m.path));
    if (!container) continue;
    if (m.kind === 'set') define(container, lastOf(m.path), m.value);
    else if (m.kind === 'remove') delete container[lastOf(m.path)];
    else define(container, m.key, m.value);
  }
  return JSON.stringify(body);
}

/** What the contract keeps of a text (lambdas/contract/fields.ts cleanText): control characters become spaces, then trimmed. */
export const cleaned = (value: unknown): string =>
  String(value)
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
export const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && cleaned(value) ? cleaned(value) : null;
