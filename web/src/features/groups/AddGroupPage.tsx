import { useNavigate } from 'react-router-dom';
import { Button, Card, Flex, TextField } from '@aws-amplify/ui-react';
import { LIMITS } from '@contract/fields';
import { AddGroupInput } from '@contract/groups';
import { useAuth } from '../../lib/auth';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { useApiMutation } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import entryForm from '../../components/EntryForm.module.css';
import { RequiredLabel, RequiredNote } from '../../components/formFields';
import { cx } from '../../lib/classNames';
import { checkWith, useForm } from '../../lib/form';
import { GROUP_REDIRECT_MS } from './groupTexts';
import styles from './AddGroupPage.module.css';

/** /groups/add: idle, submitting, success (form hidden, redirect) or error. */
export default function AddGroupPage() {
  usePageTitle('Add Group');
  const requestKey = useRequestKey();
  const navigate = useNavigate();
  const { currentUser, userOrgId } = useAuth();
  const form = useForm({
    initial: { groupName: '' },
    check: (values) =>
      currentUser && userOrgId
        ? checkWith(AddGroupInput, values)
        : { ok: false, issues: [{ message: 'You must be logged in to add a group.' }] },
    failed: 'groupAdd',
  });
  const addGroup = useApiMutation('addGroup');
  /** The success message, once the group exists: the form gives way to it. */
  const done = form.done && form.status ? form.status.text : null;

  const toGroups = (message: string) => navigate('/groups', { state: { status: { kind: 'success', text: message } } });

  const onSubmit = form.submit(async (body) => {
    const result = await addGroup.mutateAsync({ body, requestKey });
    const message = result.message || `Group '${body.groupName}' created.`;
    form.finish({ kind: 'success', text: message }, { ms: GROUP_REDIRECT_MS, go: () => toGroups(message) });
  });
  const { busy, status } = form;

  return (
    <div className={cx('page', entryForm.entryForm)}>
      <Breadcrumbs
        items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Groups', to: '/groups' }, { label: 'Add Group' }]}
      />
      <Card variation="elevated" className={cx('form-card', styles.addGroupCard)}>
        <PageTitle>Add New Group</PageTitle>
        {done ? (
          <div className={styles.addGroupDone}>
            <StatusMessage status={status} />
            <Button variation="primary" marginTop="medium" onClick={() => toGroups(done)}>
              Go to Groups
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <RequiredNote />
            <fieldset className={entryForm.fields} disabled={busy}>
              <legend className="amplify-visually-hidden">Group details</legend>
              <TextField
                label={<RequiredLabel text="Group Name" />}
                {...form.field('groupName')}
                placeholder="Enter group name"
                autoComplete="off"
                isRequired
                maxLength={LIMITS.groupName}
              />
            </fieldset>
            <div className={entryForm.status}>
              <StatusMessage status={status} id={form.statusId} />
            </div>
            {/* The primary action first, as on the family and member forms. */}
            <Flex className={entryForm.actions} gap="small" wrap="wrap">
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
