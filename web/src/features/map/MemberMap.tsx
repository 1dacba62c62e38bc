/**
 * The map on the page: loads the map's code (mapEngine.ts, with MapLibre) when it first draws, and
 * shows a marker's card in MapLibre's popup, rendered here so that its links are the router's. A
 * browser that cannot draw (no WebGL 2), or the code that cannot be fetched, is `onUnavailable`:
 * the page's list stays the way to the families.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MapFamily, Position } from '@contract/map';
import { PageLoader } from '../../components/PageLoader';
import type { DrawnMap } from './mapEngine';
import { FamilyCard } from './FamilyCard';
import styles from './MemberMap.module.css';

interface Card {
  families: MapFamily[];
  at: Position;
  /** The marker pressed, which has the focus back when the card closes. */
  from: HTMLElement;
}

export function MemberMap({
  families,
  mapStyle,
  onUnavailable,
}: {
  families: readonly MapFamily[];
  mapStyle: string;
  onUnavailable: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<DrawnMap | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  // The popup's content: React renders the card into it, MapLibre places it.
  const [cardHost] = useState(() => document.createElement('div'));
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    let map: DrawnMap | null = null;
    let gone = false;
    import('./mapEngine')
      .then(({ drawMap }) => {
        if (gone || !container.current) return;
        map = drawMap(container.current, mapStyle, { onOpen: (families, at, from) => setCard({ families, at, from }) });
        setDrawn(map);
      })
      .catch(() => {
        if (!gone) unavailable.current();
      });
    return () => {
      gone = true;
      map?.remove();
    };
  }, [mapStyle]);

  useEffect(() => {
    setCard(null);
    drawn?.show(families);
  }, [drawn, families]);

  /** The person closed the card: the focus goes back where it came from. */
  const closed = useCallback((from: HTMLElement) => {
    setCard(null);
    (from.isConnected ? from : container.current)?.focus();
  }, []);

  useEffect(() => {
    if (!drawn || !card) return;
    drawn.openCard(card.at, cardHost, () => closed(card.from));
    return () => drawn.closeCard();
  }, [drawn, card, cardHost, closed]);

  return (
    <div className={styles.memberMap}>
      <div ref={container} className={styles.memberMapCanvas} tabIndex={-1} />
      {!drawn && (
        <div className={styles.memberMapLoading}>
          <PageLoader text="Loading the map..." />
        </div>
      )}
      {card && createPortal(<FamilyCard families={card.families} />, cardHost)}
    </div>
  );
}
