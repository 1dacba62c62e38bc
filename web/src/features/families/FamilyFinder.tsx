/**
 * The family list's search box and A-Z bar. What is searched and the letter jumped to live in the
 * address (?q=, ?from=), so coming back to the list finds it as it was left, and a jump is a step
 * the browser's Back undoes.
 */
import { Link as RouterLink } from 'react-router-dom';
import { LETTERS } from '@contract/names';
import styles from './FamilyFinder.module.css';

export function FamilySearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <div className={styles.familySearch} role="search">
      <label htmlFor="family-search" className={styles.familySearchLabel}>
        Search families
      </label>
      <input
        id="family-search"
        className={styles.familySearchInput}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Name, email, phone or city"
        autoComplete="off"
        spellCheck={false}
        aria-describedby="family-search-hint"
      />
      <span id="family-search-hint" className="amplify-visually-hidden">
        Results show as you type.
      </span>
    </div>
  );
}

export function LetterBar({ current }: { current: string | null }) {
  return (
    <nav className={styles.letterBar} aria-label="Jump to a letter">
      <ul>
        {LETTERS.map((letter) => (
          <li key={letter}>
            <RouterLink
              to={{ search: `?from=${letter}` }}
              className={styles.letterBarLink}
              aria-current={current === letter ? 'true' : undefined}
              aria-label={`Families from ${letter}`}
            >
              {letter}
            </RouterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
