import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { FamilyView, MemberView } from '../../../../lambdas/contract/api';
import { familiesQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { PageLoader } from '../../components/PageLoader';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { listDate } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProgressive } from '../../lib/useProgressive';
import { DirectoryPdfButton } from './DirectoryPdfButton';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PlainButton } from '../../components/PlainButton';
import { PrivacyMark, UnlistedMark } from '../../components/PrivacyMark';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { familyEditPath, familyPath } from '../../lib/paths';
import {
  MemberTable,
  cityStateZip,
  confirmFamilyDelete,
  confirmMemberDelete,
  familiesLoadErrorText,
  familyDeleteErrorText,
  useFamilyDelete,
  useMemberDelete,
} from './familyParts';

/**
 * How wide the photos are shown (styles.css), for choosing a rendition: grid tiles are half the
 * screen up to 991 px, then a third of the 1,200 px page; the card's photo is 240 px, the card's
 * width on a phone.
 */
const GRID_PHOTO_SIZES = '(max-width: 991px) 50vw, 380px';
const CARD_PHOTO_SIZES = '(max-width: 575px) calc(100vw - 3rem), 240px';
/** Tiles on the first screen's first row (three columns from 992 px): loaded at once. */
const FIRST_ROW = 3;
/** Families rendered with the page's first paint: more than any screen shows; the rest follow (useProgressive). */
const FIRST_SCREEN = 9;

export default function FamiliesPage({ view }: { view: 'list' | 'grid' }) {
  usePageTitle(view === 'grid' ? 'Families (Grid View)' : 'Families');
  const { data, error, isPending } = useQuery(familiesQuery());
  const [status, setStatus] = usePageStatus();
  const [busy, setBusy] = useState<string | null>(null);
  const removeMember = useMemberDelete(setStatus);
  const removeFamily = useFamilyDelete();

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
      setStatus({ kind: 'danger', text: familyDeleteErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  const canAddFamily = data?.canAddFamily === true;
  const shown = useProgressive(data?.families.length ?? 0, FIRST_SCREEN);
  const families = data?.families.slice(0, shown) ?? [];

  return (
    <div className="page families-page">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Families', to: '/families' },
          { label: view === 'grid' ? 'Grid View' : 'List View' },
        ]}
      />
      <div className="families-head">
        <PageTitle>Families</PageTitle>
        <div className="families-toolbar">
          {canAddFamily && (
            <RouterLink className="button-link button-link--primary" to="/families/add">
              Add Family
            </RouterLink>
          )}
          {canAddFamily && <DirectoryPdfButton onStatus={setStatus} />}
          <nav className="view-toggle" aria-label="Family view">
            <RouterLink
              to="/families"
              className="view-toggle__link"
              aria-current={view === 'list' ? 'page' : undefined}
            >
              List View
            </RouterLink>
            <RouterLink
              to="/families/grid"
              className="view-toggle__link"
              aria-current={view === 'grid' ? 'page' : undefined}
            >
              Grid View
            </RouterLink>
          </nav>
        </div>
      </div>

      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />

      {isPending && <PageLoader text="Loading families..." />}
      {error && <StatusMessage status={{ kind: 'error', text: familiesLoadErrorText(error) }} />}
      {data &&
        (data.families.length === 0 ? (
          <div className="families-empty">
            <p>No families found in this organization.</p>
            {data.canAddFamily && <p>Use the 'Add Family' button to create one.</p>}
          </div>
        ) : view === 'grid' ? (
          <ul className="family-grid" aria-busy={shown < data.families.length}>
            {families.map((f, i) => (
              <li key={f.familyId}>
                <RouterLink className="family-tile" to={familyPath(f.familyId)}>
                  <Photo
                    src={f.photoUrl}
                    srcSet={f.photoSrcset}
                    sizes={GRID_PHOTO_SIZES}
                    size={f.photoSize}
                    eager={i < FIRST_ROW}
                    kind="family"
                    alt=""
                    className="family-tile__photo"
                  />
                  <span className="family-tile__name">{f.surname}</span>
                  <UnlistedMark unlisted={f.privacy?.unlisted} />
                </RouterLink>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="family-list" aria-busy={shown < data.families.length}>
            {families.map((f, i) => (
              <li key={f.familyId}>
                <FamilyCard
                  family={f}
                  first={i === 0}
                  busy={busy}
                  onDeleteFamily={deleteFamily}
                  onDeleteMember={deleteMember}
                />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

function FamilyCard({
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
    <article className="family-card" aria-labelledby={headingId}>
      <header className="family-card__head">
        <h2 id={headingId} className="amplify-heading amplify-heading--2 family-card__title">
          <RouterLink to={familyPath(f.familyId)}>{f.surname} Family</RouterLink>
        </h2>
        <UnlistedMark unlisted={f.privacy?.unlisted} />
        {f.canEdit && (
          <span className="family-card__actions">
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
      <div className="family-card__body">
        <Photo
          src={f.photoUrl}
          srcSet={f.photoSrcset}
          sizes={CARD_PHOTO_SIZES}
          size={f.photoSize}
          eager={first}
          kind="family"
          alt={`${f.surname} family`}
          className="family-card__photo"
        />
        <div className="family-card__info">
          {(f.street || place) && (
            <address className="family-card__address">
              {f.street && (
                <span>
                  {f.street}
                  <PrivacyMark level={f.privacy?.levels.street} />
                </span>
              )}
              {place && <span>{place}</span>}
            </address>
          )}
          <dl className="family-card__facts">
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
          canEdit={f.canEdit}
          cellHeader="Cell"
          formatDate={listDate}
          onDelete={onDeleteMember}
          busyId={busy}
          caption={`Members of the ${f.surname} family`}
        />
      ) : (
        <p className="muted family-card__empty">No members listed for this family.</p>
      )}
    </article>
  );
}
