/** One "who can see this" choice: a level, or (for a family's own choice) "as the church decides". */
import { SelectField } from '@aws-amplify/ui-react';
import { LEVEL_LABELS, LEVEL_SHORT, LEVELS, type Level } from '@contract/privacy';

interface LevelSelectProps {
  label: string;
  value: Level | '';
  onChange: (value: Level | '') => void;
  /** The church's default, offered as the first option: choosing it follows the church. */
  churchDefault?: Level;
  disabled: boolean;
  /** The church fixed this level for every family: shown, not chosen. */
  fixed?: boolean;
}

/** What a family is told of a level the church fixed. */
export const FIXED_TEXT = 'Set by your church for every family.';

export function LevelSelect({ label, value, onChange, churchDefault, disabled, fixed = false }: LevelSelectProps) {
  return (
    <SelectField
      label={label}
      value={value}
      isDisabled={disabled || fixed}
      descriptiveText={fixed ? FIXED_TEXT : undefined}
      onChange={(e) => onChange(e.target.value as Level | '')}
      className="level-select"
    >
      {churchDefault && <option value="">Church default ({LEVEL_SHORT[churchDefault]})</option>}
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {LEVEL_LABELS[level]}
        </option>
      ))}
    </SelectField>
  );
}
