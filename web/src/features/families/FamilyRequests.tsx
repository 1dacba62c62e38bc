/**
 * The family's own changes that wait for (or were decided by) an administrator, on its page: for
 * the family and administrators only (the server gives them no one else). A rejected change shows
 * the administrator's note.
 */
import { Heading } from '@aws-amplify/ui-react';
import { STATUS_TEXTS, type ChangeRequestView } from '@contract/changeRequests';
import { fieldLabel, valueInWords, when } from '../../lib/auditWords';
import { cx } from '../../lib/classNames';
import styles from './FamilyDetailPage.module.css';

const STATUS_CLASSES = {
  pending: styles.requestStatusPending,
  approved: styles.requestStatusApproved,
  rejected: styles.requestStatusRejected,
};

export function FamilyRequests({ requests }: { requests: readonly ChangeRequestView[] }) {
  if (!requests.length) return null;
  return (
    <section className={styles.familyDetailRequests} aria-labelledby="requests-title">
      <Heading level={2} id="requests-title">
        Changes sent for approval
      </Heading>
      <ul>
        {requests.map((r) => {
          const kind = r.kind === 'family' ? 'family' : 'member';
          return (
            <li key={r.requestId}>
              <p>
                <span className={cx(styles.requestStatus, STATUS_CLASSES[r.status])}>{STATUS_TEXTS[r.status]}</span>{' '}
                {r.recordName}, {when(r.createdAt)}
              </p>
              <ul className={styles.requestChanges}>
                {r.changes.map((c) => (
                  <li key={c.field}>
                    {fieldLabel(kind, c.field)}: {valueInWords(kind, c.field, c.new)}
                  </li>
                ))}
              </ul>
              {r.note && <p className={styles.requestNote}>Note from your church office: {r.note}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
