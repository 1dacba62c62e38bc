/**
 * An entity declared once: per field its rule (what the forms and the handlers accept, with the
 * messages users see), its label, whether it may be empty, and how it shows: what it holds, its
 * short name on pages, the privacy level that covers it, whether search finds it and where the
 * book prints it. The entity's types, its input schemas, the records the domain writes, the API's
 * views, the pages' rows and columns, the forms' inputs, the privacy levels, the search words, the
 * book's lines and the privacy policy's list all derive from the declaration, so a new field is
 * one line there.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { cleanText, EMAIL_MESSAGE, EMAIL_SHAPE, MM_DD, requiredText } from './fields';

/** What a detail holds: how a form takes it, a page links and formats it, and search finds it. */
export type Kind = 'text' | 'phone' | 'email' | 'monthDay';

/**
 * Where the book prints a detail: on a line of its own after its short name ('labelled': "Cell:
 * 555-0100"), alone ('plain'), joined with the next 'place' details into "City, ST 12345"
 * ('place'), or after its short name beside the member's name ('beside': "Birthday 04/12").
 */
export type Print = 'labelled' | 'plain' | 'place' | 'beside';

/** How a detail shows, beside its rule. */
export interface Show {
  /** Its name on pages and in the book, where shorter than the form's label ('Cell'). */
  short?: string;
  kind?: Kind;
  /**
   * The privacy level that covers it (contract/privacy.ts): its own key, or another detail's
   * ('zipcode' goes with 'street': the city says where, the street and zip which house).
   */
  shared?: string;
  /** Search finds its family by it (directory/searchWords.ts). */
  search?: boolean;
  print?: Print;
  /** The form's line it shares with the fields next to it that name the same row ('two': a pair). */
  row?: string;
  /** Typed in capitals (a state's code). */
  caps?: boolean;
}

export interface Field<S extends z.ZodMiniType = z.ZodMiniType> extends Show {
  rule: S;
  /** The form's label. */
  label: string;
  /** May be empty: stored and answered as null ('' and absent mean the same). */
  optional: boolean;
}

/** A field someone types: text, at most `max` characters (the form's input stops there too). */
export interface TextField<S extends z.ZodMiniType = z.ZodMiniType> extends Field<S> {
  max: number;
}

export type Fields = Record<string, Field>;

/** A field's value once accepted: what is stored and answered. */
export type ValuesOf<F extends Fields> = { [K in keyof F]: z.output<F[K]['rule']> };
/** The fields someone types (not the photo). */
export type TextKeys<F extends Fields> = { [K in keyof F]: F[K] extends TextField ? K : never }[keyof F] & string;
/** The privacy levels the fields declare. */
export type SharedOf<F extends Fields> = {
  [K in keyof F]: F[K] extends { shared: infer P extends string } ? P : never;
}[keyof F];

const tooLong = (max: number) => `Please use at most ${max} characters.`;

/** A text shape checked once trimmed, which says its own message when too long as well. */
export interface Shape {
  pattern: RegExp;
  message: string;
}

/** An optional text: cleaned; '' and null mean "none" (null). */
const optionalText = (max: number, shape?: Shape) =>
  z
    .pipe(
      z.optional(z.nullable(z.string().check(cleanText(), z.maxLength(max, shape?.message ?? tooLong(max))))),
      z.transform((v: string | null | undefined) => (v ? v : null)),
    )
    .check(z.refine((v: string | null) => v === null || !shape || shape.pattern.test(v), shape?.message ?? ''));

/** A text's kind gives its shape where the field gives none: a month and day, an e-mail address (lower-cased). */
function shapeOf(label: string, kind: Kind | undefined): { shape?: Shape; then?: (value: string) => string } {
  if (kind === 'monthDay') return { shape: { pattern: MM_DD, message: `${label} format must be MM/DD.` } };
  if (kind === 'email')
    return { shape: { pattern: EMAIL_SHAPE, message: EMAIL_MESSAGE }, then: (v) => v.toLowerCase() };
  return {};
}

/** A text that must be there (`message` when empty). */
export const required = <const S extends Show = object>(label: string, max: number, message: string, show?: S) => ({
  ...(show as S),
  rule: requiredText(max, message),
  label,
  optional: false as const,
  max,
});

/** A text that may be empty, of a `shape` (else its kind's) if any, then normalised by `then` (upper-cased, say). */
export const optional = <const S extends Show & { shape?: Shape; then?: (value: string) => string } = object>(
  label: string,
  max: number,
  show?: S,
) => {
  const { shape: ownShape, then: ownThen, ...rest } = show ?? ({} as S);
  const { shape, then } = {
    ...shapeOf(label, show?.kind),
    ...(ownShape && { shape: ownShape }),
    ...(ownThen && { then: ownThen }),
  };
  const text = optionalText(max, shape);
  return {
    ...(rest as Omit<S, 'shape' | 'then'>),
    rule: then
      ? z.pipe(
          text,
          z.transform((v: string | null) => (v ? then(v) : null)),
        )
      : text,
    label,
    optional: true as const,
    max,
  };
};

/** Any other field (a photo): its own rule. */
export const other = <R extends z.ZodMiniType, const S extends Show = object>(
  label: string,
  rule: R,
  show?: S,
): Field<R> & S => ({ ...(show as S), rule, label, optional: true });

export const keysOf = <F extends Fields>(fields: F) => Object.keys(fields) as (keyof F & string)[];

/** The fields that are typed text, in declaration order. */
export const textKeys = <F extends Fields>(fields: F) =>
  keysOf(fields).filter((k) => 'max' in fields[k]!) as TextKeys<F>[];

/** The rules, as `z.object` takes them (same order, so the first message is the first field's). */
export const rulesOf = <F extends Fields>(fields: F) =>
  Object.fromEntries(keysOf(fields).map((k) => [k, fields[k]!.rule])) as { [K in keyof F]: F[K]['rule'] };

/**
 * The declared fields of a record, nothing else; an optional one missing (older data) is null.
 * How input becomes a record, and a record a view.
 */
export function valuesOf<F extends Fields>(fields: F, from: Partial<ValuesOf<F>>): ValuesOf<F> {
  const values: Record<string, unknown> = {};
  for (const k of keysOf(fields)) values[k] = fields[k]!.optional ? (from[k] ?? null) : from[k];
  return values as ValuesOf<F>;
}

type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K]['optional'] extends true ? K : never }[keyof F];
/**
 * The fields as a record holds them: an optional one may be missing (an item written before the
 * field existed, a caller that leaves it out), which counts as null (`valuesOf`).
 */
export type RecordOf<F extends Fields> = Omit<ValuesOf<F>, OptionalKeys<F>> &
  Partial<Pick<ValuesOf<F>, OptionalKeys<F>>>;

/** The fields as the privacy policy lists what is kept: 'family surname, ..., birthday (month and day)'. */
export const fieldsInWords = <F extends Fields>(fields: F): string[] =>
  keysOf(fields).map(
    (k) => fields[k]!.label.toLowerCase() + (fields[k]!.kind === 'monthDay' ? ' (month and day)' : ''),
  );

/** 'a, b and c'. */
export const listInWords = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
