/**
 * /admin/changes: the families' changes waiting for an administrator's approval (the church's
 * rules on the Privacy page say whether edits wait), oldest first. Each lists its fields as they
 * are and as asked, a new photo beside the one it replaces; Approve applies it at once, Reject
 * asks for a note the family reads on its page. One request for the page's data.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { NOTE_MAX, type ChangeRequestView, type ListChangeRequestsResult } from '@contract/changeRequests';
import { changesQuery, useApiMutation } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { Photo } from '../../components/Photo';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { fieldLabel, valueInWords, when } from '../../lib/auditWords';
import { errorText } from '../../lib/errorTexts';
import { familyPath, historyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import styles from './ChangesPage.module.css';

export const CHANGES_TITLE = 'Changes Waiting for Approval';

export default function ChangesPage() {
  usePageTitle(CHANGES_TITLE);
  const client = useQueryClient();
  const pages = useInfiniteQuery(changesQuery());
  const { data, error, isPending, hasNextPage, isFetchingNextPage } = pages;
  const [status, setStatus] = useState<Status | null>(null);
  const requests = data?.pages.flatMap((p) => p.requests) ?? [];

  /** A decided request leaves the queue on screen at once. */
  function decided(requestId: string, message: string) {
    setStatus({ kind: 'success', text: message });
    client.setQueryData<InfiniteData<ListChangeRequestsResult>>(changesQuery().queryKey, (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((p) => ({ ...p, requests: p.requests.filter((r) => r.requestId !== requestId) })),
          }
        : old,
    );
  }

  return (
    <div className="page page--medium changes">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: CHANGES_TITLE }]} />
      <PageTitle>{CHANGES_TITLE}</PageTitle>
      <p>
        Families&apos; changes to their own details wait here until an administrator approves them. The church chooses
        whether they wait on the <Link to="/admin/privacy">Privacy</Link> page. Every change, approved or not, is in the{' '}
        <Link to="/admin/history">history of changes</Link>.
      </p>
      <StatusMessage status={status} />
      {isPending && <PageLoader text="Loading the waiting changes..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('changesLoad', error) }} />}
      {data && !requests.length && <p className="muted">No changes are waiting.</p>}
      <ol className={styles.requests} aria-label="Waiting changes, oldest first">
        {requests.map((r) => (
          <Request key={r.requestId} request={r} onDecided={decided} />
        ))}
      </ol>
      {hasNextPage && (
        <PlainButton isLoading={isFetchingNextPage} loadingText="Loading..." onClick={() => void pages.fetchNextPage()}>
          More changes
        </PlainButton>
      )}
    </div>
  );
}

function Request({
  request: r,
  onDecided,
}: {
  request: ChangeRequestView;
  onDecided: (requestId: string, message: string) => void;
}) {
  const decide = useApiMutation('decideChangeRequest');
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<Status | null>(null);
  const headingId = `request-${r.requestId}`;
  const kind = r.kind === 'family' ? 'family' : 'member';

  async function send(approve: boolean) {
    setFailure(null);
    try {
      const answer = await decide.mutateAsync({
        params: { requestId: r.requestId },
        body: { approve, note: approve ? null : note },
      });
      onDecided(r.requestId, answer.message);
    } catch (error) {
      setFailure({ kind: 'error', text: errorText('changeDecide', error) });
    }
  }
  const reject = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <li className={styles.request} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.requestTitle}>
        {r.recordName}
      </h2>
      <p className={styles.requestBy}>
        Asked by {r.by} on {when(r.createdAt)} · <Link to={familyPath(r.familyId)}>{r.familyName}</Link> ·{' '}
        <Link to={historyPath('family', r.familyId)}>History</Link>
      </p>
      <table className={styles.changes}>
        <caption className="amplify-visually-hidden">Asked changes to {r.recordName}</caption>
        <thead>
          <tr>
            <th scope="col">Detail</th>
            <th scope="col">Now</th>
            <th scope="col">Asked for</th>
          </tr>
        </thead>
        <tbody>
          {r.changes
            .filter((c) => c.field !== 'photo')
            .map((c) => (
              <tr key={c.field}>
                <th scope="row">{fieldLabel(kind, c.field)}</th>
                <td>{valueInWords(kind, c.field, c.old)}</td>
                <td>{valueInWords(kind, c.field, c.new)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {r.photo && (
        <div className={styles.photos}>
          <figure>
            <Photo src={r.photo.old} kind="family" alt="The family photo now" className={styles.photo} />
            <figcaption>Now</figcaption>
          </figure>
          <figure>
            <Photo
              src={r.photo.new}
              kind="family"
              alt={r.photo.new ? 'The family photo asked for' : 'No family photo'}
              className={styles.photo}
            />
            <figcaption>{r.photo.new ? 'Asked for' : 'Asked for: no photo'}</figcaption>
          </figure>
        </div>
      )}
      <StatusMessage status={failure} />
      {rejecting ? (
        <form className={styles.reject} onSubmit={reject} noValidate>
          <label htmlFor={`${headingId}-note`}>Note for the family (required)</label>
          <textarea
            id={`${headingId}-note`}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            required
            onChange={(e) => setNote(e.target.value)}
          />
          <div className={styles.actions}>
            <PlainButton type="submit" colorTheme="error" isLoading={decide.isPending} loadingText="Rejecting...">
              Reject Change
            </PlainButton>
            <PlainButton type="button" disabled={decide.isPending} onClick={() => setRejecting(false)}>
              Cancel
            </PlainButton>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <PlainButton
            variation="primary"
            isLoading={decide.isPending}
            loadingText="Approving..."
            onClick={() => void send(true)}
          >
            Approve
          </PlainButton>
          <PlainButton disabled={decide.isPending} onClick={() => setRejecting(true)}>
            Reject...
          </PlainButton>
        </div>
      )}
    </li>
  );
}
