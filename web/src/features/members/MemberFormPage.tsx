import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import type { FamilyView, MemberView } from '@contract/api';
import { AddMemberInput, MEMBER_FIELDS, UpdateMemberInput } from '@contract/directory';
import { keysOf } from '@contract/entity';
import type { InvitationResult } from '@contract/invitations';
import { useAuth } from '../../lib/auth';
import { FindField } from '../../components/FindField';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { familyQuery, memberQuery, searchQuery, useApiMutation } from '../../api/queries';
import { useDebounced } from '../../lib/useDebounced';
import { errorText, NO_MEMBER_PERMISSION } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import { blankForm, entryProps, formOf } from '../../lib/entityForm';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { EntryField, MonthDayField, RequiredLabel, RequiredNote } from '../../components/formFields';

/** Whether the save's new e-mail address was invited (and if not, why): null when the address is not new. */
function invitationStatus(invitation: InvitationResult | null | undefined): Status | null {
  if (!invitation) return null;
  return { kind: invitation.outcome === 'sent' ? 'info' : 'warning', text: invitation.message };
}

/** Redirect 2 s after a member is added or updated. */
export const MEMBER_REDIRECT_MS = 2000;

/** Route state from the family pages' Add Member buttons: the family is preselected. */
interface AddMemberState {
  preselectedFamilyId?: unknown;
  preselectedFamilyName?: unknown;
}

function preselectedFrom(state: unknown): { id: string; name: string } | null {
  const s = (state ?? {}) as AddMemberState;
  if (typeof s.preselectedFamilyId !== 'string' || !s.preselectedFamilyId) return null;
  return {
    id: s.preselectedFamilyId,
    name: typeof s.preselectedFamilyName === 'string' ? s.preselectedFamilyName : '',
  };
}

/** The message of the first problem, in the order the fields are on screen. */
function firstIssue(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  order: readonly string[],
): string {
  const rank = (path: readonly PropertyKey[]) => {
    const i = order.indexOf(String(path[0]));
    return i < 0 ? order.length : i;
  };
  const sorted = [...issues].sort((a, b) => rank(a.path) - rank(b.path));
  return sorted[0]?.message ?? 'Invalid data provided. Please check your input.';
}
const FIELD_ORDER = ['familyId', ...keysOf(MEMBER_FIELDS)];

const EMPTY = blankForm(MEMBER_FIELDS);
type Fields = typeof EMPTY;

export default function MemberFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return mode === 'add' ? <AddMember /> : <EditMember />;
}

/** The redirect timer of a saved form, cleared if the page goes away first. */
function useRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to), MEMBER_REDIRECT_MS);
  };
}

/** How long typing pauses before the family search is asked. */
const SEARCH_PAUSE_MS = 200;

/**
 * The families this user may add a member to: an administrator finds one by searching the
 * directory (a church may have thousands); anyone else has only their own family.
 */
function useFamilyChoices(enabled: boolean, find: string) {
  const { isAdmin, userFidClaim } = useAuth();
  const searched = useDebounced(find.trim(), SEARCH_PAUSE_MS);
  const search = useQuery({ ...searchQuery(searched), enabled: enabled && isAdmin && searched !== '' });
  const own = useQuery({ ...familyQuery(userFidClaim), enabled: enabled && !isAdmin && userFidClaim !== '' });
  const families: FamilyView[] = (isAdmin ? (search.data?.families ?? []) : own.data ? [own.data.family] : []).filter(
    (f) => f.canEdit,
  );
  return {
    isAdmin,
    families,
    searched,
    more: search.data?.more === true,
    pending: isAdmin ? searched !== '' && search.isPending : own.isPending,
    failed: isAdmin ? search.isError : own.isError,
  };
}
type Choices = ReturnType<typeof useFamilyChoices>;

function AddMember() {
  usePageTitle('Add Member');
  const requestKey = useRequestKey();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = useRedirect();
  const { userOrgId } = useAuth();
  // Read once: the route state is what the family page passed when it sent us here.
  const [preselected] = useState(() => preselectedFrom(location.state));

  const [find, setFind] = useState('');
  const choices = useFamilyChoices(!preselected, find);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  // A member of one family (who may not add families) has nothing to choose.
  const only = !choices.isAdmin && choices.families.length === 1 ? choices.families[0] : null;
  const familyId = preselected?.id ?? picked?.id ?? only?.familyId ?? '';
  const setFamilyId = (id: string) => {
    const family = choices.families.find((f) => f.familyId === id);
    setPicked(family ? { id, name: family.surname } : null);
  };
  const addMember = useApiMutation('addMember');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [invitation, setInvitation] = useState<Status | null>(null);

  const locked = busy || done;
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const familyName = preselected?.name || picked?.name || only?.surname || '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    if (!userOrgId) {
      setStatus({ kind: 'error', text: 'Could not determine organization ID. Please ensure you are logged in.' });
      return;
    }
    const checked = AddMemberInput.safeParse({ familyId, ...fields });
    if (!checked.success) {
      setStatus({ kind: 'error', text: firstIssue(checked.error.issues, FIELD_ORDER) });
      return;
    }
    // Empty optional fields are left out on add.
    const body = Object.fromEntries(Object.entries(checked.data).filter(([, v]) => v !== null)) as AddMemberInput;
    setBusy(true);
    setStatus({ kind: 'info', text: 'Adding member...' });
    try {
      const result = await addMember.mutateAsync({ body, requestKey });
      setDone(true);
      setStatus({ kind: 'success', text: result.message || 'Member added successfully!' });
      setInvitation(invitationStatus(result.invitation));
      redirect(preselected ? `/families/${preselected.id}` : '/families');
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('memberAdd', error) });
      setBusy(false);
    }
  }

  const crumbs: Crumb[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Families', to: '/families' },
    ...(familyId && familyName ? [{ label: `${familyName} Family`, to: `/families/${familyId}` }] : []),
    { label: 'Add Member' },
  ];

  return (
    <div className="page entry-form">
      <Breadcrumbs items={crumbs} />
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>Add Member</PageTitle>
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <RequiredNote />
          <fieldset className="entry-form__fields" disabled={locked}>
            <legend className="amplify-visually-hidden">Member details</legend>
            {preselected ? (
              <TextField label="Family" name="family" value={`${preselected.name || 'Selected'} Family`} isReadOnly />
            ) : (
              <FamilyChooser
                choices={choices}
                find={find}
                onFind={(text) => {
                  setFind(text);
                  setPicked(null);
                }}
                value={familyId}
                onChange={setFamilyId}
                disabled={locked}
              />
            )}
            <MemberFields
              fields={fields}
              set={set}
              disabled={locked}
              emailHint="If provided, an invitation is sent (at most one a day)."
            />
          </fieldset>
          <div className="form-status entry-form__status">
            <StatusMessage status={status} />
            <StatusMessage status={invitation} />
          </div>
          <Flex className="entry-form__actions" gap="small" wrap="wrap">
            <Button
              type="submit"
              variation="primary"
              isDisabled={locked || (!preselected && !choices.isAdmin && choices.pending)}
              isLoading={busy && !done}
              loadingText="Add Member"
            >
              Add Member
            </Button>
            <Button
              type="button"
              isDisabled={locked}
              onClick={() => navigate(preselected ? `/families/${preselected.id}` : '/families')}
            >
              Cancel
            </Button>
          </Flex>
        </form>
      </Card>
    </div>
  );
}

function FamilyChooser({
  choices,
  find,
  onFind,
  value,
  onChange,
  disabled,
}: {
  choices: Choices;
  find: string;
  onFind: (text: string) => void;
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}) {
  if (choices.failed) return <StatusMessage status={{ kind: 'error', text: 'Failed to load families list.' }} />;
  if (!choices.isAdmin && choices.pending) return <PageLoader text="Loading families..." />;
  const { families } = choices;
  const placeholder = families.length
    ? 'Select a family'
    : !choices.isAdmin
      ? 'No families yet'
      : choices.searched
        ? choices.pending
          ? 'Searching...'
          : 'No families match'
        : 'Type above to find the family';
  return (
    <div className="entry-form__family">
      {choices.isAdmin && (
        <FindField label="Find the family" name="find-family" value={find} onFind={onFind} more={choices.more} />
      )}
      <SelectField
        label={<RequiredLabel text="Family" />}
        name="family"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isRequired
        isDisabled={disabled || families.length === 0}
      >
        {families.map((f) => (
          <option key={f.familyId} value={f.familyId}>
            {f.surname}
            {f.city ? ` (${f.city})` : ''}
          </option>
        ))}
      </SelectField>
      {choices.isAdmin && (
        <Text className="entry-form__hint">
          Family not listed? <RouterLink to="/families/add">Add a new family</RouterLink> first.
        </Text>
      )}
    </div>
  );
}

function MemberFields({
  fields,
  set,
  disabled,
  emailHint,
}: {
  fields: Fields;
  set: (key: keyof Fields) => (e: { target: { value: string } }) => void;
  disabled: boolean;
  emailHint: string;
}) {
  const entry = entryProps(MEMBER_FIELDS, fields, set, disabled);
  return (
    <>
      <EntryField {...entry('name')} />
      <div className="entry-form__row entry-form__row--two">
        <MonthDayField {...entry('birthday')} />
        <EntryField {...entry('cellphone')} type="tel" />
      </div>
      <EntryField {...entry('email')} type="email" inputMode="email" descriptiveText={emailHint} />
    </>
  );
}

function EditMember() {
  usePageTitle('Edit Member');
  const { memberId = '' } = useParams();
  const navigate = useNavigate();
  const redirect = useRedirect();
  const query = useQuery(memberQuery(memberId));
  /** The member the form was filled from: filled once, so a refresh behind it never overwrites what is typed. */
  const [member, setMember] = useState<MemberView | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const updateMember = useApiMutation('updateMember');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [invitation, setInvitation] = useState<Status | null>(null);

  const loaded = query.data;
  if (loaded?.canEdit && member?.memberId !== loaded.member.memberId) {
    const { member: m } = loaded;
    setMember(m);
    setFields(formOf(MEMBER_FIELDS, m));
  }
  const loadError = query.error
    ? errorText('memberLoad', query.error)
    : loaded && !loaded.canEdit
      ? NO_MEMBER_PERMISSION
      : null;

  const locked = busy || done;
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked || !member) return;
    if (!member.familyId) {
      setStatus({ kind: 'error', text: 'Internal Error: Family association is missing. Cannot update.' });
      return;
    }
    if (!memberId) {
      setStatus({ kind: 'error', text: 'Internal Error: Member ID is missing. Cannot update.' });
      return;
    }
    const checked = UpdateMemberInput.safeParse({ ...fields, familyId: member.familyId, version: member.version });
    if (!checked.success) {
      setStatus({ kind: 'error', text: firstIssue(checked.error.issues, FIELD_ORDER) });
      return;
    }
    setBusy(true);
    setStatus({ kind: 'info', text: 'Updating member...' });
    try {
      const result = await updateMember.mutateAsync({ params: { memberId }, body: checked.data });
      setDone(true);
      setStatus({ kind: 'success', text: result.message || 'Member updated successfully!' });
      setInvitation(invitationStatus(result.invitation));
      redirect(`/families/${member.familyId}`);
    } catch (error) {
      // A conflict (409) or a refusal: the message says what to do; everything typed stays.
      setStatus({
        kind: 'error',
        text: errorText('memberUpdate', error),
      });
      setBusy(false);
    }
  }

  const crumbs: Crumb[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Families', to: '/families' },
    ...(member ? [{ label: `${member.surname} Family`, to: `/families/${member.familyId}` }] : []),
    { label: 'Edit Member' },
  ];

  return (
    <div className="page entry-form">
      <Breadcrumbs items={crumbs} />
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>Edit Member</PageTitle>
        {!member && !loadError && <PageLoader text="Loading member details..." />}
        {loadError && (
          <div className="entry-form__error">
            <StatusMessage status={{ kind: 'error', text: loadError }} />
            <Button variation="primary" marginTop="medium" onClick={() => navigate('/families')}>
              Back to Families
            </Button>
          </div>
        )}
        {member && (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <RequiredNote />
            <fieldset className="entry-form__fields" disabled={locked}>
              <legend className="amplify-visually-hidden">Member details</legend>
              <TextField label="Family" name="family" value={`${member.surname} Family`} isReadOnly />
              <MemberFields
                fields={fields}
                set={set}
                disabled={locked}
                emailHint="If provided or changed, an invitation is sent (at most one a day)."
              />
            </fieldset>
            <div className="form-status entry-form__status">
              <StatusMessage status={status} />
              <StatusMessage status={invitation} />
            </div>
            <Flex className="entry-form__actions" gap="small" wrap="wrap">
              <Button
                type="submit"
                variation="primary"
                isDisabled={locked}
                isLoading={busy && !done}
                loadingText="Update Member"
              >
                Update Member
              </Button>
              <Button type="button" isDisabled={locked} onClick={() => navigate(`/families/${member.familyId}`)}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </div>
  );
}
