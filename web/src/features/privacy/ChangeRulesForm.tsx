/**
 * What the church lets its members change (administrators), on the Privacy page: whether a
 * family's edits apply at once or wait for approval, per detail who may change it, and which
 * privacy levels families may not choose for themselves. The details come from the one field
 * declaration, so a new field is listed here with no code.
 */
import { useState } from 'react';
import { Card, Heading, SelectField } from '@aws-amplify/ui-react';
import {
  FIELD_RULE_LABELS,
  FIELD_RULES,
  type ChangeRules,
  type FamilyKey,
  type FieldRule,
  type MemberKey,
} from '@contract/changeRules';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '@contract/directory';
import { keysOf } from '@contract/entity';
import { FAMILY_SHARED, MEMBER_SHARED, SHARED_KEYS, type Shared } from '@contract/privacy';
import { useApiMutation } from '../../api/queries';
import { useSave } from './useSave';
import { SaveRow } from './SaveRow';
import styles from './privacyForm.module.css';

const SHARED_LABELS = Object.fromEntries(
  Object.entries({ ...FAMILY_SHARED, ...MEMBER_SHARED }).map(([k, v]) => [k, v.label]),
) as Record<Shared, string>;

function RuleSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: FieldRule;
  disabled: boolean;
  onChange: (rule: FieldRule) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      isDisabled={disabled}
      onChange={(e) => onChange(e.target.value as FieldRule)}
    >
      {FIELD_RULES.map((rule) => (
        <option key={rule} value={rule}>
          {FIELD_RULE_LABELS[rule]}
        </option>
      ))}
    </SelectField>
  );
}

export function ChangeRulesForm({ initial }: { initial: ChangeRules }) {
  const [rules, setRules] = useState<ChangeRules>(initial);
  const mutation = useApiMutation('setChangeRules');
  const { status, busy, onSubmit } = useSave(
    { isPending: mutation.isPending, mutateAsync: () => mutation.mutateAsync({ body: rules }) },
    'changeRulesSave',
  );
  const fixed = new Set(rules.fixed);

  return (
    <Card variation="outlined">
      <form onSubmit={onSubmit} noValidate aria-busy={busy} className={styles.privacyForm}>
        <fieldset className={styles.privacyFormChoice} disabled={busy}>
          <legend>
            <Heading level={2}>When a family saves a change</Heading>
          </legend>
          <label>
            <input
              type="radio"
              name="approval"
              checked={!rules.approval}
              onChange={() => setRules({ ...rules, approval: false })}
            />
            It shows in the directory at once
          </label>
          <label>
            <input
              type="radio"
              name="approval"
              checked={rules.approval}
              onChange={() => setRules({ ...rules, approval: true })}
            />
            It waits until an administrator approves it
          </label>
        </fieldset>
        <fieldset className={styles.privacyFormGroup} disabled={busy}>
          <legend>
            <Heading level={2}>Family details</Heading>
          </legend>
          {keysOf(FAMILY_FIELDS).map((key: FamilyKey) => (
            <RuleSelect
              key={key}
              label={FAMILY_FIELDS[key].label}
              value={rules.family[key] ?? 'open'}
              disabled={busy}
              onChange={(rule) => setRules({ ...rules, family: { ...rules.family, [key]: rule } })}
            />
          ))}
        </fieldset>
        <fieldset className={styles.privacyFormGroup} disabled={busy}>
          <legend>
            <Heading level={2}>Member details</Heading>
          </legend>
          {keysOf(MEMBER_FIELDS).map((key: MemberKey) => (
            <RuleSelect
              key={key}
              label={MEMBER_FIELDS[key].label}
              value={rules.member[key] ?? 'open'}
              disabled={busy}
              onChange={(rule) => setRules({ ...rules, member: { ...rules.member, [key]: rule } })}
            />
          ))}
        </fieldset>
        <fieldset className={styles.privacyFormChoice} disabled={busy}>
          <legend>
            <Heading level={2}>Privacy levels families cannot change</Heading>
          </legend>
          <p className="muted">A level ticked here is the church&apos;s default above, for every family.</p>
          {SHARED_KEYS.map((key) => (
            <label key={key}>
              <input
                type="checkbox"
                checked={fixed.has(key)}
                onChange={(e) =>
                  setRules({
                    ...rules,
                    fixed: e.target.checked ? [...rules.fixed, key] : rules.fixed.filter((k) => k !== key),
                  })
                }
              />
              {SHARED_LABELS[key]}
            </label>
          ))}
        </fieldset>
        <SaveRow status={status} busy={busy} label="Save Rules" />
      </form>
    </Card>
  );
}
