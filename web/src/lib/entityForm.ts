/**
 * An entry form's text state and inputs, read from the entity's declaration (lambdas/contract/entity.ts):
 * a new declared field is in the blank form, the edit form's starting values and its input's
 * label and limit without touching these; the page only says where its input goes.
 */
import { textKeys, type Fields, type TextKeys } from '@contract/entity';
import type { FieldProps } from './form';

/** What is typed in each text field ('' when empty). */
export type FormTexts<F extends Fields> = Record<TextKeys<F>, string>;

export const blankForm = <F extends Fields>(fields: F): FormTexts<F> =>
  Object.fromEntries(textKeys(fields).map((k) => [k, ''])) as FormTexts<F>;

/** A stored record as the edit form starts (null shows as empty). */
export const formOf = <F extends Fields>(fields: F, record: Record<TextKeys<F>, string | null>): FormTexts<F> =>
  Object.fromEntries(textKeys(fields).map((k) => [k, record[k] ?? ''])) as FormTexts<F>;

/**
 * A declared field's input props (EntryField, MonthDayField): the form's (lib/form.ts: value,
 * change, disabled, invalid) with the declaration's label, limit, and whether it is required.
 */
export function declaredField<F extends Fields>(fields: F, field: (key: TextKeys<F>) => FieldProps) {
  return (key: TextKeys<F>) => {
    const declared = fields[key] as F[TextKeys<F>] & { max: number };
    return {
      ...field(key),
      label: declared.label,
      maxLength: declared.max,
      ...(declared.optional ? {} : { required: true }),
    };
  };
}
