/**
 * How many families' changes wait for an administrator's approval, beside "Changes" in the menu:
 * from the account's answer (getMe) that the directory's pages read, so it asks for nothing of its
 * own (an approval marks that answer stale, and the next directory page reads it again). In a
 * chunk after the first screen, as the query layer is.
 */
import { useQuery } from '@tanstack/react-query';
import { WAITING_SHOWN } from '@contract/api';
import { meQuery } from '../api/queries';
import styles from './Layout.module.css';

export function WaitingCount() {
  const waiting = useQuery({ ...meQuery(), enabled: false }).data?.waitingChanges ?? 0;
  if (!waiting) return null;
  const shown = waiting > WAITING_SHOWN ? `${WAITING_SHOWN}+` : String(waiting);
  return (
    <span className={styles.navCount}>
      <span aria-hidden="true">{shown}</span>
      <span className="amplify-visually-hidden">, {shown} waiting</span>
    </span>
  );
}
