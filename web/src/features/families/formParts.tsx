/** Small pieces shared by the family and member forms. */
import { Link as RouterLink } from 'react-router-dom';
import { Breadcrumbs, Text, TextField } from '@aws-amplify/ui-react';

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

/** The breadcrumb trail above the family and member forms (SPEC.md section 2). */
export function FormCrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumbs.Container className="entry-form__crumbs">
      {items.map((item, i) => (
        <Breadcrumbs.Item key={`${i}-${item.label}`}>
          {item.to ? (
            <Breadcrumbs.Link as={RouterLink} to={item.to}>
              {item.label}
            </Breadcrumbs.Link>
          ) : (
            <Breadcrumbs.Link isCurrent>{item.label}</Breadcrumbs.Link>
          )}
          {i < items.length - 1 && <Breadcrumbs.Separator>›</Breadcrumbs.Separator>}
        </Breadcrumbs.Item>
      ))}
    </Breadcrumbs.Container>
  );
}

/** A field label with a visual asterisk; the input's `required` tells assistive technology. */
export function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}{' '}
      <span className="entry-form__star" aria-hidden="true">
        *
      </span>
    </>
  );
}

export function RequiredNote() {
  return (
    <Text className="entry-form__required-note">
      Fields marked <span aria-hidden="true">*</span>
      <span className="amplify-visually-hidden">with an asterisk</span> are required.
    </Text>
  );
}

/** A month/day field (birthday, anniversary): MM/DD, five characters (SPEC.md section 9). */
export function MonthDayField({ label, name, value, onChange, disabled }: {
  label: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label={`${label} (MM/DD)`}
      name={name}
      placeholder="MM/DD"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={onChange}
      isDisabled={disabled}
      maxLength={5}
    />
  );
}
