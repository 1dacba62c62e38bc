import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Flex, TextField } from '@aws-amplify/ui-react';
import { firstMessage, LIMITS } from '@contract/fields';
import { AddGroupInput } from '@contract/groups';
import { useAuth } from '../../lib/auth';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { useApiMutation } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { RequiredLabel, RequiredNote } from '../../components/formFields';
import { errorText } from '../../lib/errorTexts';
import { GROUP_REDIRECT_MS } from './groupTexts';

/** /groups/add: idle, submitting, success (form hidden, redirect) or error. */
export default function AddGroupPage() {
  usePageTitle('Add Group');
  const requestKey = useRequestKey();
  const navigate = useNavigate();
  const { currentUser, userOrgId } = useAuth();
  const [groupName, setGroupName] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  const addGroup = useApiMutation('addGroup');

  const toGroups = (message: string) => navigate('/groups', { state: { status: { kind: 'success', text: message } } });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || done) return;
    if (!currentUser || !userOrgId) {
      setStatus({ kind: 'error', text: 'You must be logged in to add a group.' });
      return;
    }
    const checked = AddGroupInput.safeParse({ groupName });
    if (!checked.success) {
      setStatus({ kind: 'error', text: firstMessage(checked.error) });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const result = await addGroup.mutateAsync({ body: checked.data, requestKey });
      const message = result.message || `Group '${checked.data.groupName}' created.`;
      setDone(message);
      setStatus({ kind: 'success', text: message });
      timer.current = setTimeout(() => toGroups(message), GROUP_REDIRECT_MS);
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('groupAdd', error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page entry-form add-group">
      <Breadcrumbs
        items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Groups', to: '/groups' }, { label: 'Add Group' }]}
      />
      <Card variation="elevated" className="form-card add-group__card">
        <PageTitle>Add New Group</PageTitle>
        {done ? (
          <div className="add-group__done">
            <StatusMessage status={status} />
            <Button variation="primary" marginTop="medium" onClick={() => toGroups(done)}>
              Go to Groups
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <RequiredNote />
            <fieldset className="entry-form__fields" disabled={busy}>
              <legend className="amplify-visually-hidden">Group details</legend>
              <TextField
                label={<RequiredLabel text="Group Name" />}
                name="groupName"
                placeholder="Enter group name"
                autoComplete="off"
                value={groupName}
                onChange={(e) => setGroupName(e.target.value)}
                isRequired
                isDisabled={busy}
                maxLength={LIMITS.groupName}
              />
            </fieldset>
            <div className="form-status">
              <StatusMessage status={status} />
            </div>
            {/* The primary action first, as on the family and member forms. */}
            <Flex className="entry-form__actions" gap="small" wrap="wrap">
              <Button type="submit" variation="primary" isDisabled={busy} isLoading={busy} loadingText="Creating...">
                Create Group
              </Button>
              <Button type="button" isDisabled={busy} onClick={() => navigate('/groups')}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </div>
  );
}
