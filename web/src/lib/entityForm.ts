/**
 * An entry form's text state and inputs, read from the entity's declaration (lambdas/contract/entity.ts):
 * a new declared field is in the blank form, the edit form's starting values and its input's
 * label and limit without touching these; the page only says where its input goes.
 */
import { textKeys, type Fields, type TextKeys } from '@contract/entity';

/** What is typed in each text field ('' when empty). */
export type FormTexts<F extends Fields> = Record<TextKeys<F>, string>;

export const blankForm = <F extends Fields>(fields: F): FormTexts<F> =>
  Object.fromEntries(textKeys(fields).map((k) => [k, ''])) as FormTexts<F>;

/** A stored record as the edit form starts (null shows as empty). */
export const formOf = <F extends Fields>(fields: F, record: Record<TextKeys<F>, string | null>): FormTexts<F> =>
  Object.fromEntries(textKeys(fields).map((k) => [k, record[k] ?? ''])) as FormTexts<F>;

/** The props of a field's input (EntryField, MonthDayField): its label, name, value, limit, and whether required. */
export function entryProps<F extends Fields>(
  fields: F,
  values: FormTexts<F>,
  set: (key: TextKeys<F>) => (e: { target: { value: string } }) => void,
  disabled: boolean,
) {
  return (key: TextKeys<F>) => {
    const field = fields[key] as F[TextKeys<F>] & { max: number };
    return {
      label: field.label,
      name: key,
      value: values[key],
      onChange: set(key),
      disabled,
      maxLength: field.max,
      ...(field.optional ? {} : { required: true }),
    };
  };
}
