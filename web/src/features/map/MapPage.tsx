/**
 * /map: where the church's families live, all of them or one group's; the address names the group
 * (?group=), so "my small group" can be bookmarked. One request for the page's data. The list
 * beside the map names the same families: the way to them by keyboard or screen reader, and the
 * page itself where the map cannot be drawn. Administrators also see the addresses that could not
 * be placed, to correct them.
 */
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAP_MESSAGES } from '@contract/map';
import { mapQuery } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { cx } from '../../lib/classNames';
import { getConfig } from '../../lib/config';
import { errorText } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { FamilyList } from './FamilyList';
import { GroupFilter } from './GroupFilter';
import { MemberMap } from './MemberMap';
import { MissedList } from './MissedList';
import styles from './MapPage.module.css';

export default function MapPage() {
  usePageTitle(MAP_MESSAGES.title);
  const [params, setParams] = useSearchParams();
  const group = params.get('group') || undefined;
  // Another group's families replace the shown ones when they arrive: the map does not empty meanwhile.
  const { data, error, isPending, isPlaceholderData } = useQuery({
    ...mapQuery(group),
    placeholderData: keepPreviousData,
  });
  const mapStyle = getConfig().mapStyle;
  const [cannotDraw, setCannotDraw] = useState(!mapStyle);
  const onUnavailable = useCallback(() => setCannotDraw(true), []);
  const families = data?.families ?? [];

  return (
    <div className="page member-map-page">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: MAP_MESSAGES.title }]} />
      <PageTitle>{MAP_MESSAGES.title}</PageTitle>
      <p>{MAP_MESSAGES.intro}</p>
      {data && (
        <GroupFilter
          groups={data.groups}
          value={group ?? ''}
          onChange={(next) => setParams(next ? { group: next } : {})}
        />
      )}
      {isPending && <PageLoader text="Loading the map..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('mapLoad', error) }} />}
      {error && group && !data && <Link to="/map">Show all families</Link>}
      {data && !families.length && (
        <p className={styles.empty}>{group ? MAP_MESSAGES.emptyGroup : MAP_MESSAGES.empty}</p>
      )}
      {families.length > 0 && (
        <div className={cx(styles.places, cannotDraw && styles.placesListOnly)} aria-busy={isPlaceholderData}>
          {cannotDraw ? (
            <StatusMessage status={{ kind: 'info', text: MAP_MESSAGES.noMap }} />
          ) : (
            <MemberMap families={families} mapStyle={mapStyle} onUnavailable={onUnavailable} />
          )}
          <FamilyList families={families} />
        </div>
      )}
      {data?.missed?.length ? <MissedList missed={data.missed} /> : null}
    </div>
  );
}
