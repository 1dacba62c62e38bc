import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { FamilyView, MemberView } from '@contract/api';
import { errorText } from '../../lib/errorTexts';
import { familiesQuery, searchQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { PageLoader } from '../../components/PageLoader';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { listDate } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProgressive } from '../../lib/useProgressive';
import { useDebounced } from '../../lib/useDebounced';
import { useOnVisible } from '../../lib/useOnVisible';
import { useListAnchor } from '../../lib/useListAnchor';
import { FamilySearch, LetterBar } from './FamilyFinder';
import { DirectoryPdfButton } from './DirectoryPdfButton';
import { PrintDirectoryPanel, PrintDirectoryToggle, usePrintPanel } from './PrintDirectory';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { useAuth } from '../../lib/auth';
import { PlainButton } from '../../components/PlainButton';
import { PrivacyMark, UnlistedMark } from '../../components/PrivacyMark';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { familyEditPath, familyPath } from '../../lib/paths';
import {
  MemberTable,
  cityStateZip,
  confirmFamilyDelete,
  confirmMemberDelete,
  useFamilyDelete,
  useMemberDelete,
} from './familyParts';
import { CARD_PHOTO_SIZES, GRID_FIRST_ROW, GRID_PHOTO_SIZES } from '../../lib/familyPhotoSizes';
import { cx } from '../../lib/classNames';
import styles from './FamiliesPage.module.css';

/**
 * Families rendered with the page's first paint (about a screen's worth: a phone shows one or two
 * cards, a wide screen a few rows of tiles), then a few at a time (useProgressive): each step's
 * commit is one task of the main thread, which on a phone must stay short.
 */
const RENDER_STEPS = { list: { first: 4, step: 3 }, grid: { first: 8, step: 4 } } as const;

/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 200;

/** The book's news while its button only holds its place: the page says nothing until the list confirms. */
const holdStatus = () => {};

/** What a family row does: its cards' delete buttons, and which one is working. */
interface RowActions {
  busy: string | null;
  onDeleteFamily: (f: FamilyView) => void;
  onDeleteMember: (m: MemberView) => void;
}

export default function FamiliesPage({ view }: { view: 'list' | 'grid' }) {
  usePageTitle(view === 'grid' ? 'Families (Grid View)' : 'Families');
  const [params, setParams] = useSearchParams();
  const from = params.get('from')?.toUpperCase() ?? null;
  const [text, setText] = useState(() => params.get('q') ?? '');
  const searched = useDebounced(text.trim(), SEARCH_PAUSE_MS);
  const [status, setStatus] = usePageStatus();
  const [busy, setBusy] = useState<string | null>(null);
  const removeMember = useMemberDelete(setStatus);
  const removeFamily = useFamilyDelete();
  const admin = useInfiniteQuery({ ...familiesQuery(from), select: (d) => d.pages[0]?.canAddFamily === true });

  function search(next: string) {
    setText(next);
    // The address keeps what is searched (replacing, so Back leaves the list rather than undo letters).
    setParams(next.trim() ? { q: next } : {}, { replace: true });
  }

  async function deleteMember(member: MemberView) {
    if (busy || !confirmMemberDelete(member.name)) return;
    setBusy(member.memberId);
    await removeMember(member);
    setBusy(null);
  }

  async function deleteFamily(family: FamilyView) {
    if (busy || !confirmFamilyDelete(family.surname)) return;
    setBusy(family.familyId);
    try {
      const result = await removeFamily(family.familyId);
      setStatus({ kind: 'success', text: result.message || `Family "${family.surname}" deleted.` });
    } catch (error) {
      setStatus({ kind: 'danger', text: errorText('familyDelete', error) });
    } finally {
      setBusy(null);
    }
  }

  // The list's first page says whether the viewer may add families. Until it comes, the token's
  // admin claim keeps the buttons' place, hidden and inert, so the search box below does not move
  // when the answer comes (layout shift); a stale claim only costs the place it held.
  const { isAdmin } = useAuth();
  const canAddFamily = admin.data === true;
  const adminTools = canAddFamily || (admin.isPending && isAdmin);
  const print = usePrintPanel(canAddFamily);
  const actions = useRowActions(busy, deleteFamily, deleteMember);
  const keep = (to: string) =>
    searched ? `${to}?q=${encodeURIComponent(searched)}` : from ? `${to}?from=${from}` : to;

  return (
    <div className={cx(styles.familiesPage, 'page')}>
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Families', to: '/families' },
          { label: view === 'grid' ? 'Grid View' : 'List View' },
        ]}
      />
      <div className={styles.familiesHead}>
        <PageTitle>Families</PageTitle>
        <div className={styles.familiesToolbar}>
          {adminTools && (
            <AdminTools held={!canAddFamily}>
              <RouterLink className="button-link button-link--primary" to="/families/add">
                Add Family
              </RouterLink>
            </AdminTools>
          )}
          <nav className={styles.viewToggle} aria-label="Family view">
            <RouterLink
              to={keep('/families')}
              className={styles.viewToggleLink}
              aria-current={view === 'list' ? 'page' : undefined}
            >
              List View
            </RouterLink>
            <RouterLink
              to={keep('/families/grid')}
              className={styles.viewToggleLink}
              aria-current={view === 'grid' ? 'page' : undefined}
            >
              Grid View
            </RouterLink>
          </nav>
          {/* Last, so its panel (under the head) is the next stop for the keyboard. */}
          {adminTools && (
            <AdminTools held={!canAddFamily}>
              <PrintDirectoryToggle print={print} />
            </AdminTools>
          )}
        </div>
      </div>
      {/* The book's controls, folded under the head (PrintDirectory.tsx): the list comes first. */}
      {adminTools && (
        <PrintDirectoryPanel print={print}>
          <DirectoryPdfButton onStatus={canAddFamily ? setStatus : holdStatus} onNews={print.report} />
        </PrintDirectoryPanel>
      )}

      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />
      <div className={styles.familyFinder}>
        <FamilySearch value={text} onChange={search} />
        {!searched && <LetterBar current={from} />}
      </div>

      {searched ? (
        <SearchResults text={searched} view={view} actions={actions} />
      ) : (
        <FamilyPages from={from} view={view} actions={actions} />
      )}
    </div>
  );
}

/** An admin's buttons in the toolbar; `held`: hidden and inert, only keeping their place. */
function AdminTools({ held, children }: { held: boolean; children: ReactNode }) {
  return (
    <div className={styles.familiesAdminTools} inert={held} aria-hidden={held || undefined}>
      {children}
    </div>
  );
}

/**
 * The rows' actions, the same object until `busy` changes: the page renders again as each of its
 * other reads answers (the caller's record, the book), and the rows (memo) then need not.
 */
function useRowActions(
  busy: string | null,
  onDeleteFamily: (f: FamilyView) => void,
  onDeleteMember: (m: MemberView) => void,
): RowActions {
  const latest = useRef({ onDeleteFamily, onDeleteMember });
  useLayoutEffect(() => {
    latest.current = { onDeleteFamily, onDeleteMember };
  });
  return useMemo(
    () => ({
      busy,
      onDeleteFamily: (f) => latest.current.onDeleteFamily(f),
      onDeleteMember: (m) => latest.current.onDeleteMember(m),
    }),
    [busy],
  );
}

/** The list a page at a time: the next as the person nears the end (or presses More), earlier ones after a jump. */
function FamilyPages({ from, view, actions }: { from: string | null; view: 'list' | 'grid'; actions: RowActions }) {
  const pages = useInfiniteQuery(familiesQuery(from));
  const { data, error, isPending, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = pages;
  const families = useMemo(() => data?.pages.flatMap((p) => p.families) ?? [], [data]);
  // Come back to from a family, the pages are in the cache: all render at once, so the list can be
  // put back where it was, at the family the reader last had at the top of the screen.
  const [cached] = useState(() => !isPending);
  useListAnchor(cached);
  const more = useOnVisible<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void pages.fetchNextPage();
  }, hasNextPage && !isFetchingNextPage);

  if (isPending) return <PageLoader text="Loading families..." />;
  if (error && !data) return <StatusMessage status={{ kind: 'error', text: errorText('familiesLoad', error) }} />;
  if (families.length === 0 && !hasNextPage && !hasPreviousPage)
    return (
      <div className={styles.familiesEmpty}>
        {from ? (
          <p>No families from {from} on.</p>
        ) : (
          <>
            <p>No families found in this organization.</p>
            {data?.pages[0]?.canAddFamily && <p>Use the &apos;Add Family&apos; button to create one.</p>}
          </>
        )}
      </div>
    );
  return (
    <>
      {hasPreviousPage && (
        <MoreButton busy={isFetchingPreviousPage} onClick={() => void pages.fetchPreviousPage()} which="earlier" />
      )}
      <FamilyItems families={families} view={view} actions={actions} whole={cached} />
      {error && <StatusMessage status={{ kind: 'error', text: errorText('familiesLoad', error) }} />}
      {hasNextPage && (
        <div ref={more} className={styles.familyMoreRow}>
          <MoreButton busy={isFetchingNextPage} onClick={() => void pages.fetchNextPage()} which="more" />
        </div>
      )}
    </>
  );
}

/** The list's control for the page before or after those shown. */
function MoreButton({ which, busy, onClick }: { which: 'earlier' | 'more'; busy: boolean; onClick: () => void }) {
  return (
    <PlainButton
      className={styles.familyMore}
      isLoading={busy}
      loadingText={`Loading ${which} families...`}
      onClick={onClick}
    >
      {which === 'earlier' ? 'Earlier families' : 'More families'}
    </PlainButton>
  );
}

function SearchResults({ text, view, actions }: { text: string; view: 'list' | 'grid'; actions: RowActions }) {
  const { data, error, isPending, isPlaceholderData } = useQuery(searchQuery(text));
  let said: ReactNode = null;
  if (data && !isPlaceholderData)
    said =
      data.families.length === 0
        ? `No families match "${text}".`
        : data.more
          ? `The first ${data.families.length} families that match. Type more to narrow the search.`
          : `${data.families.length} ${data.families.length === 1 ? 'family matches' : 'families match'}.`;
  return (
    <>
      <p className={styles.familySearchSaid} role="status">
        {isPending ? 'Searching...' : said}
      </p>
      {error && <StatusMessage status={{ kind: 'error', text: errorText('familiesLoad', error) }} />}
      {data && data.families.length > 0 && <FamilyItems families={data.families} view={view} actions={actions} />}
    </>
  );
}

const FamilyItems = memo(function FamilyItems({
  families: all,
  view,
  actions,
  whole = false,
}: {
  families: FamilyView[];
  view: 'list' | 'grid';
  actions: RowActions;
  /** Render every family with the first paint (the list was cached), not a screen's worth then steps. */
  whole?: boolean;
}) {
  const { first, step } = RENDER_STEPS[view];
  const shown = useProgressive(all.length, whole ? all.length : first, step);
  const families = all.slice(0, shown);
  return view === 'grid' ? (
    <ul className={styles.familyGrid} aria-busy={shown < all.length}>
      {families.map((f, i) => (
        <li key={f.familyId} data-anchor={f.familyId}>
          <RouterLink className={styles.familyTile} to={familyPath(f.familyId)}>
            <Photo
              src={f.photoUrl}
              srcSet={f.photoSrcset}
              sizes={GRID_PHOTO_SIZES}
              size={f.photoSize}
              eager={i < GRID_FIRST_ROW}
              kind="family"
              alt=""
              className={styles.familyTilePhoto}
            />
            <span className={styles.familyTileName}>{f.surname}</span>
            <UnlistedMark unlisted={f.privacy?.unlisted} />
          </RouterLink>
        </li>
      ))}
    </ul>
  ) : (
    <ul className={styles.familyList} aria-busy={shown < all.length}>
      {families.map((f, i) => (
        <li key={f.familyId} data-anchor={f.familyId}>
          <FamilyCard family={f} first={i === 0} {...actions} />
        </li>
      ))}
    </ul>
  );
});

const FamilyCard = memo(function FamilyCard({
  family: f,
  first,
  busy,
  onDeleteFamily,
  onDeleteMember,
}: {
  family: FamilyView;
  /** The first card's photo is on the first screen: loaded at once. */
  first: boolean;
  busy: string | null;
  onDeleteFamily: (f: FamilyView) => void;
  onDeleteMember: (m: MemberView) => void;
}) {
  const place = cityStateZip(f);
  const anniversary = listDate(f.anniversary);
  const headingId = `family-${f.familyId}`;
  return (
    <article className={styles.familyCard} aria-labelledby={headingId}>
      <header className={styles.familyCardHead}>
        <h2 id={headingId} className={cx(styles.familyCardTitle, 'amplify-heading amplify-heading--2')}>
          <RouterLink to={familyPath(f.familyId)}>{f.surname} Family</RouterLink>
        </h2>
        <UnlistedMark unlisted={f.privacy?.unlisted} />
        {f.canEdit && (
          <span className={styles.familyCardActions}>
            <RouterLink
              className="button-link button-link--small"
              to={familyEditPath(f.familyId)}
              aria-label={`Edit ${f.surname} Family`}
            >
              Edit
            </RouterLink>
            <PlainButton
              size="small"
              colorTheme="error"
              disabled={busy !== null}
              isLoading={busy === f.familyId}
              loadingText="Deleting..."
              onClick={() => onDeleteFamily(f)}
              aria-label={`Delete ${f.surname} Family`}
            >
              Delete
            </PlainButton>
          </span>
        )}
      </header>
      <div className={styles.familyCardBody}>
        <Photo
          src={f.photoUrl}
          srcSet={f.photoSrcset}
          sizes={CARD_PHOTO_SIZES}
          size={f.photoSize}
          eager={first}
          kind="family"
          alt={`${f.surname} family`}
          className={styles.familyCardPhoto}
        />
        <div className={styles.familyCardInfo}>
          {(f.street || place) && (
            <address className={styles.familyCardAddress}>
              {f.street && (
                <span>
                  {f.street}
                  <PrivacyMark level={f.privacy?.levels.street} />
                </span>
              )}
              {place && <span>{place}</span>}
            </address>
          )}
          <dl className={styles.familyCardFacts}>
            {f.phone && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${f.phone}`}>{f.phone}</a>
                  <PrivacyMark level={f.privacy?.levels.phone} />
                </dd>
              </>
            )}
            {anniversary && (
              <>
                <dt>Anniversary</dt>
                <dd>
                  {anniversary}
                  <PrivacyMark level={f.privacy?.levels.anniversary} />
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
      {f.members.length > 0 ? (
        <MemberTable
          members={f.members}
          family={f}
          canEdit={f.canEdit}
          formatDate={listDate}
          onDelete={onDeleteMember}
          busyId={busy}
          caption={`Members of the ${f.surname} family`}
        />
      ) : (
        <p className={cx(styles.familyCardEmpty, 'muted')}>No members listed for this family.</p>
      )}
    </article>
  );
});
