/**
 * The family list's search box and A-Z bar. What is searched and the letter jumped to live in the
 * address (?q=, ?from=), so coming back to the list finds it as it was left, and a jump is a step
 * the browser's Back undoes.
 */
import { useEffect, useRef } from 'react';
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

/**
 * On a phone the bar is one row that scrolls sideways (the list starts on the first screen): the
 * letter the page is at is scrolled into the row's view, never left off-screen.
 */
export function LetterBar({ current }: { current: string | null }) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = bar.current?.querySelector('ul');
    const link = bar.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    // The row alone scrolls (scrollIntoView would also scroll the page).
    const [at, within] = [link.getBoundingClientRect(), row.getBoundingClientRect()];
    row.scrollLeft += at.left - within.left - (row.clientWidth - at.width) / 2;
  }, [current]);
  return (
    <nav ref={bar} className={styles.letterBar} aria-label="Jump to a letter">
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
