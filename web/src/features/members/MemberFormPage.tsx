import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { checkWith, useForm, type Checked } from '../../lib/form';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import { blankForm, declaredField, formOf, type FormTexts } from '../../lib/entityForm';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import entryForm from '../../components/EntryForm.module.css';
import { RequiredLabel, RequiredNote } from '../../components/formFields';
import { DeclaredInputs } from '../../components/DeclaredInputs';
import { cx } from '../../lib/classNames';
import { APPROVAL_NOTE, heldFields } from '../../lib/heldFields';
import styles from './MemberFormPage.module.css';

/** Whether the save's new e-mail address was invited (and if not, why): null when the address is not new. */
function invitationStatus(invitation: InvitationResult | null | undefined): Status | null {
  if (!invitation) return null;
  return { kind: invitation.outcome === 'sent' ? 'info' : 'warning', text: invitation.message };
}

/** Redirect 2 s after a member is added or updated. */
export const MEMBER_REDIRECT_MS = 2000;

const MEMBER_TEXTS = {
  add: {
    title: 'Add Member',
    submit: 'Add Member',
    saving: 'Adding member...',
    success: 'Member added successfully!',
    emailHint: 'If provided, an invitation is sent (at most one a day).',
  },
  edit: {
    title: 'Edit Member',
    submit: 'Update Member',
    saving: 'Updating member...',
    success: 'Member updated successfully!',
    emailHint: 'If provided or changed, an invitation is sent (at most one a day).',
  },
} as const;

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

/** The fields in the order on screen: the first message shown is that of the first of them. */
const FIELD_ORDER = ['familyId', ...keysOf(MEMBER_FIELDS)];

type Texts = FormTexts<typeof MEMBER_FIELDS>;
const refuse = (message: string): Checked<never> => ({ ok: false, issues: [{ message }] });

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

/**
 * /members/add and /members/edit/{memberId}: one form. Adding chooses the family (or comes with it
 * from the family's page); editing loads the member first and fills the form once.
 */
export default function MemberFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const texts = MEMBER_TEXTS[mode];
  usePageTitle(texts.title);
  const requestKey = useRequestKey();
  const location = useLocation();
  const navigate = useNavigate();
  const { userOrgId, isAdmin } = useAuth();
  const { memberId = '' } = useParams();

  // Adding: the family, preselected (read once from the route state the family page passed) or chosen.
  const [preselected] = useState(() => (mode === 'add' ? preselectedFrom(location.state) : null));
  const [find, setFind] = useState('');
  const choices = useFamilyChoices(mode === 'add' && !preselected, find);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  // A member of one family (who may not add families) has nothing to choose.
  const only = !choices.isAdmin && choices.families.length === 1 ? choices.families[0] : null;

  // Editing: the member the form was filled from, filled once, so a refresh behind it never overwrites what is typed.
  const query = useQuery({ ...memberQuery(memberId), enabled: mode === 'edit' });
  const [member, setMember] = useState<MemberView | null>(null);

  const familyId = mode === 'edit' ? (member?.familyId ?? '') : (preselected?.id ?? picked?.id ?? only?.familyId ?? '');
  const familyName =
    mode === 'edit' ? (member?.surname ?? '') : preselected?.name || picked?.name || only?.surname || '';
  const familyPage = mode === 'edit' || preselected ? `/families/${familyId}` : '/families';

  const addMember = useApiMutation('addMember');
  const updateMember = useApiMutation('updateMember');
  const [invitation, setInvitation] = useState<Status | null>(null);
  const form = useForm<Texts, AddMemberInput | UpdateMemberInput>({
    initial: blankForm(MEMBER_FIELDS),
    check: (fields): Checked<AddMemberInput | UpdateMemberInput> => {
      if (mode === 'add')
        return userOrgId
          ? checkWith(AddMemberInput, { familyId, ...fields }, { order: FIELD_ORDER })
          : refuse('Could not determine organization ID. Please ensure you are logged in.');
      if (!member?.familyId) return refuse('Internal Error: Family association is missing. Cannot update.');
      if (!memberId) return refuse('Internal Error: Member ID is missing. Cannot update.');
      return checkWith(
        UpdateMemberInput,
        { ...fields, familyId: member.familyId, version: member.version },
        { order: FIELD_ORDER },
      );
    },
    // A conflict (409) or a refusal: the message says what to do; everything typed stays.
    failed: mode === 'add' ? 'memberAdd' : 'memberUpdate',
  });
  const { busy, done, locked, status } = form;

  const loaded = query.data;
  if (loaded?.canEdit && member?.memberId !== loaded.member.memberId) {
    setMember(loaded.member);
    form.reset(formOf(MEMBER_FIELDS, loaded.member));
  }
  const loadError =
    mode !== 'edit'
      ? null
      : query.error
        ? errorText('memberLoad', query.error)
        : loaded && !loaded.canEdit
          ? NO_MEMBER_PERMISSION
          : null;
  const ready = mode === 'add' || member !== null;

  const onSubmit = form.submit(async (checked) => {
    form.setStatus({ kind: 'info', text: texts.saving });
    const result =
      mode === 'add'
        ? await addMember.mutateAsync({
            // Empty optional fields are left out on add.
            body: Object.fromEntries(Object.entries(checked).filter(([, v]) => v !== null)) as AddMemberInput,
            requestKey,
          })
        : await updateMember.mutateAsync({ params: { memberId }, body: checked as UpdateMemberInput });
    form.finish(
      { kind: 'success', text: result.message || texts.success },
      { ms: MEMBER_REDIRECT_MS, go: () => navigate(familyPage) },
    );
    setInvitation(invitationStatus(result.invitation));
  });

  const crumbs: Crumb[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Families', to: '/families' },
    ...(familyId && familyName ? [{ label: `${familyName} Family`, to: `/families/${familyId}` }] : []),
    { label: texts.title },
  ];
  const entry = declaredField(MEMBER_FIELDS, form.field);
  // A family user's form holds what the church leaves to administrators: the rules come with the
  // member, or (adding) with the family's page the form came from, if it is still in the cache.
  const client = useQueryClient();
  const rules = mode === 'edit' ? loaded?.rules : client.getQueryData(familyQuery(familyId).queryKey)?.rules;
  const held = heldFields(MEMBER_FIELDS, isAdmin ? undefined : rules?.member, mode === 'edit' ? member : null);

  return (
    <div className={cx('page', entryForm.entryForm)}>
      <Breadcrumbs items={crumbs} />
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>{texts.title}</PageTitle>
        {!ready && !loadError && <PageLoader text="Loading member details..." />}
        {loadError && (
          <div>
            <StatusMessage status={{ kind: 'error', text: loadError }} />
            <Button variation="primary" marginTop="medium" onClick={() => navigate('/families')}>
              Back to Families
            </Button>
          </div>
        )}
        {ready && (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <RequiredNote />
            {!isAdmin && mode === 'edit' && rules?.approval && <p className={entryForm.hint}>{APPROVAL_NOTE}</p>}
            <fieldset className={entryForm.fields} disabled={locked}>
              <legend className="amplify-visually-hidden">Member details</legend>
              {mode === 'edit' || preselected ? (
                <TextField
                  label="Family"
                  name="family"
                  value={`${mode === 'edit' ? familyName : preselected?.name || 'Selected'} Family`}
                  isReadOnly
                />
              ) : (
                <FamilyChooser
                  choices={choices}
                  find={find}
                  onFind={(text) => {
                    setFind(text);
                    setPicked(null);
                  }}
                  value={familyId}
                  onChange={(id) => {
                    const family = choices.families.find((f) => f.familyId === id);
                    setPicked(family ? { id, name: family.surname } : null);
                  }}
                  disabled={locked}
                  invalid={form.invalid('familyId')}
                />
              )}
              <DeclaredInputs
                fields={MEMBER_FIELDS}
                entry={entry}
                extra={{ email: { descriptiveText: texts.emailHint }, ...held }}
              />
            </fieldset>
            <div className={entryForm.status}>
              <StatusMessage status={status} id={form.statusId} />
              <StatusMessage status={invitation} />
            </div>
            <Flex className={entryForm.actions} gap="small" wrap="wrap">
              <Button
                type="submit"
                variation="primary"
                isDisabled={locked || (mode === 'add' && !preselected && !choices.isAdmin && choices.pending)}
                isLoading={busy && !done}
                loadingText={texts.submit}
              >
                {texts.submit}
              </Button>
              <Button type="button" isDisabled={locked} onClick={() => navigate(familyPage)}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
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
  invalid,
}: {
  choices: Choices;
  find: string;
  onFind: (text: string) => void;
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
  /** Marked invalid (and focused) when the form was refused for want of a family. */
  invalid: ReturnType<ReturnType<typeof useForm>['invalid']>;
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
    <div>
      {choices.isAdmin && (
        <FindField label="Find the family" name="find-family" value={find} onFind={onFind} more={choices.more} />
      )}
      <SelectField
        label={<RequiredLabel text="Family" />}
        {...invalid}
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
        <Text className={cx(entryForm.hint, styles.familyChooserHint)}>
          Family not listed? <RouterLink to="/families/add">Add a new family</RouterLink> first.
        </Text>
      )}
    </div>
  );
}
