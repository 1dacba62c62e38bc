import { PlainButton } from '../../components/PlainButton';
import styles from './StudyFormPage.module.css';

interface MoveButtonsProps {
  /** The ids of its buttons (the editor moves the focus to them). */
  idOf: (part: 'up' | 'down') => string;
  /** "Session 2", "Item 3": what the buttons move, for their labels. */
  name: string;
  number: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A session's or an item's Up, Down and Remove, in the study editor. */
export function MoveButtons({ idOf, name, number, count, onMove, onRemove }: MoveButtonsProps) {
  const what = name.toLowerCase();
  return (
    <span className={styles.moveButtons}>
      <PlainButton
        size="small"
        id={idOf('up')}
        disabled={number === 1}
        aria-label={`Move ${what} up`}
        onClick={() => onMove(-1)}
      >
        Up
      </PlainButton>
      <PlainButton
        size="small"
        id={idOf('down')}
        disabled={number === count}
        aria-label={`Move ${what} down`}
        onClick={() => onMove(1)}
      >
        Down
      </PlainButton>
      <PlainButton size="small" colorTheme="error" aria-label={`Remove ${what}`} onClick={onRemove}>
        Remove
      </PlainButton>
    </span>
  );
}
