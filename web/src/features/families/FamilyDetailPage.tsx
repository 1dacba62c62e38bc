import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Heading } from '@aws-amplify/ui-react';
import type { FamilyView, MemberView } from '@contract/api';
import { PageTitle } from '../../components/PageTitle';
import { PageLoader } from '../../components/PageLoader';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { familyQuery } from '../../api/queries';
import { errorText } from '../../lib/errorTexts';
import { shortDate } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageStatusMessage, usePageStatus, type StatusLocationState } from '../../components/PageStatus';
import { familyEditPath, familyPrivacyPath, historyPath } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import { FAMILY_FIELDS } from '@contract/directory';
import { detailsOf } from '../../lib/details';
import { PrivacyMark, UnlistedMark } from '../../components/PrivacyMark';
import { MemberTable, confirmFamilyDelete, confirmMemberDelete, useFamilyDelete, useMemberDelete } from './familyParts';
import { cx } from '../../lib/classNames';
import { FamilyRequests } from './FamilyRequests';
import styles from './FamilyDetailPage.module.css';

/** The family page's photo is at most 400 x 250 px (FamilyDetailPage.module.css), the card's width on a phone. */
const DETAIL_PHOTO_SIZES = '(max-width: 480px) calc(100vw - 4rem), 400px';

export default function FamilyDetailPage() {
  const { familyId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data, error, isPending } = useQuery(familyQuery(familyId));
  const family = data?.family;
  const [status, setStatus] = usePageStatus();
  const [busy, setBusy] = useState<string | null>(null);
  const removeMember = useMemberDelete(setStatus);
  const removeFamily = useFamilyDelete();
  usePageTitle(family ? `${family.surname} Family` : 'Family Details');

  // Back where the reader came from; straight to the list when this page was opened directly.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/families'));

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
      await removeFamily(family.familyId);
      const state: StatusLocationState = {
        status: { kind: 'success', text: `${family.surname} deleted successfully.` },
      };
      navigate('/families', { state });
    } catch (error) {
      setStatus({ kind: 'danger', text: errorText('familyDelete', error) });
      setBusy(null);
    }
  }

  const surname = family?.surname ?? null;

  return (
    <div className={cx(styles.familyDetail, 'page')}>
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Families', to: '/families' },
          { label: surname ? `${surname} Family` : 'Family Details' },
        ]}
      />
      <PageTitle>{surname ? `${surname} Family` : 'Family Details'}</PageTitle>
      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />

      {isPending && <PageLoader text="Loading family..." />}
      {error && (
        <div className={styles.familyDetailError}>
          <StatusMessage status={{ kind: 'error', text: errorText('familiesLoad', error) }} />
          <Button onClick={goBack}>Back</Button>
        </div>
      )}
      {family && (
        <FamilyDetail
          family={family}
          busy={busy}
          onBack={goBack}
          onDeleteFamily={deleteFamily}
          onDeleteMember={deleteMember}
        />
      )}
      {data?.requests && <FamilyRequests requests={data.requests} />}
    </div>
  );
}

function FamilyDetail({
  family: f,
  busy,
  onBack,
  onDeleteFamily,
  onDeleteMember,
}: {
  family: FamilyView;
  busy: string | null;
  onBack: () => void;
  onDeleteFamily: (f: FamilyView) => void;
  onDeleteMember: (m: MemberView) => void;
}) {
  const navigate = useNavigate();
  const { isAdmin } = useAuth();
  // Administrators and the family are told who may see each detail (levels); others are not.
  const levels = f.privacy?.levels;
  const details = detailsOf(FAMILY_FIELDS, f, levels, shortDate);

  return (
    <>
      <div className={styles.familyDetailActions}>
        {f.canEdit && (
          <>
            <Button
              variation="primary"
              onClick={() =>
                navigate('/members/add', {
                  state: { preselectedFamilyId: f.familyId, preselectedFamilyName: f.surname },
                })
              }
            >
              Add Member
            </Button>
            <RouterLink className="button-link" to={familyEditPath(f.familyId)}>
              Edit Family
            </RouterLink>
            <RouterLink className="button-link" to={familyPrivacyPath(f.familyId)}>
              Privacy
            </RouterLink>
            {isAdmin && (
              <RouterLink className="button-link" to={historyPath('family', f.familyId)}>
                History
              </RouterLink>
            )}
            <Button
              colorTheme="error"
              isDisabled={busy !== null}
              isLoading={busy === f.familyId}
              loadingText="Deleting..."
              onClick={() => onDeleteFamily(f)}
            >
              Delete Family
            </Button>
          </>
        )}
        <Button onClick={onBack}>Back</Button>
      </div>

      <UnlistedMark unlisted={f.privacy?.unlisted} />
      <section className={styles.familyDetailSummary} aria-label="Family details">
        <div className={styles.familyDetailPhotoBox}>
          <Photo
            src={f.photoUrl}
            srcSet={f.photoSrcset}
            sizes={DETAIL_PHOTO_SIZES}
            size={f.photoSize}
            eager
            kind="family"
            alt={`${f.surname} family`}
            className={styles.familyDetailPhoto}
          />
          {f.photoUrl && <PrivacyMark level={levels?.photo} />}
        </div>
        <dl className={styles.familyDetailFacts}>
          {details.map(({ key, name, value, level }) => (
            <div key={key} className={styles.familyDetailFact}>
              <dt>{name}</dt>
              <dd>
                {value ?? '—'}
                {value && <PrivacyMark level={level} />}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.familyDetailMembers} aria-labelledby="members-title">
        <Heading level={2} id="members-title" className={styles.familyDetailMembersTitle}>
          Members
        </Heading>
        {f.members.filter((m) => m.memberId).length === 0 ? (
          <p className="muted">No members listed for this family.</p>
        ) : (
          <MemberTable
            members={f.members}
            family={f}
            canEdit={f.canEdit}
            names={{ cellphone: 'Cellphone' }}
            formatDate={shortDate}
            onDelete={onDeleteMember}
            busyId={busy}
            caption={`Members of the ${f.surname} family`}
          />
        )}
      </section>
    </>
  );
}
