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
}

export function LevelSelect({ label, value, onChange, churchDefault, disabled }: LevelSelectProps) {
  return (
    <SelectField
      label={label}
      value={value}
      isDisabled={disabled}
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
