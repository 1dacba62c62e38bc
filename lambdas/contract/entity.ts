/**
 * An entity declared once: per field its rule (what the forms and the handlers accept, with the
 * messages users see), its label and whether it may be empty. The entity's types, its input
 * schemas, the records the domain writes, the API's views, the PDF's texts and the forms' blank
 * state all derive from the declaration, so a new field is one line there plus where it shows.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { cleanText, requiredText } from './fields';

export interface Field<S extends z.ZodMiniType = z.ZodMiniType> {
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

/** A text that must be there (`message` when empty). */
export const required = (label: string, max: number, message: string) => ({
  rule: requiredText(max, message),
  label,
  optional: false as const,
  max,
});

/** A text that may be empty, of a `shape` if given, then normalised by `then` (upper-cased, say). */
export const optional = (label: string, max: number, shape?: Shape, then?: (value: string) => string) => ({
  rule: then
    ? z.pipe(
        optionalText(max, shape),
        z.transform((v: string | null) => (v ? then(v) : null)),
      )
    : optionalText(max, shape),
  label,
  optional: true as const,
  max,
});

/** Any other field (a photo): its own rule. */
export const other = <S extends z.ZodMiniType>(label: string, rule: S, isOptional = true): Field<S> => ({
  rule,
  label,
  optional: isOptional,
});

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
