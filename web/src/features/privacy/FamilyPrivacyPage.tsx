/**
 * /families/:familyId/privacy: the family (or an administrator) chooses who sees each of its
 * details and each member's, or leaves the family out of the directory; "What others see" shows
 * the result as the choices are made, before saving.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Flex, Heading } from '@aws-amplify/ui-react';
import type { FamilyView } from '@contract/api';
import { MAP_MESSAGES } from '@contract/map';
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  type Choices,
  type FamilyShared,
  type Level,
  type MemberShared,
} from '@contract/privacy';
import { familyQuery, useApiMutation } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import entryForm from '../../components/EntryForm.module.css';
import { PageLoader } from '../../components/PageLoader';
import type { StatusLocationState } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { WhatOthersSee } from '../../components/WhatOthersSee';
import { cx } from '../../lib/classNames';
import { familyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { LevelSelect } from './LevelSelect';
import { errorText } from '../../lib/errorTexts';
import { useSave } from './useSave';
import styles from './privacyForm.module.css';

interface Draft {
  unlisted: boolean;
  approximateLocation: boolean;
  family: Choices<FamilyShared>;
  members: Record<string, Choices<MemberShared>>;
}

const draftOf = (f: FamilyView): Draft => ({
  unlisted: f.privacy?.unlisted ?? false,
  approximateLocation: f.privacy?.approximateLocation ?? false,
  family: { ...f.privacy?.choices },
  members: Object.fromEntries(f.members.map((m) => [m.memberId, { ...m.privacy?.choices }])),
});

/** The family as the draft would make it, for the preview. */
function previewOf(f: FamilyView, draft: Draft): FamilyView {
  const defaults = f.privacy!.defaults;
  const level = <K extends string>(choices: Choices<K>, key: K & keyof typeof defaults) =>
    choices[key] ?? defaults[key];
  return {
    ...f,
    privacy: {
      ...f.privacy!,
      unlisted: draft.unlisted,
      levels: Object.fromEntries(FAMILY_SHARED_KEYS.map((k) => [k, level(draft.family, k)])) as Record<
        FamilyShared,
        Level
      >,
    },
    members: f.members.map((m) => ({
      ...m,
      privacy: {
        choices: draft.members[m.memberId] ?? {},
        levels: Object.fromEntries(
          MEMBER_SHARED_KEYS.map((k) => [k, level(draft.members[m.memberId] ?? {}, k)]),
        ) as Record<MemberShared, Level>,
      },
    })),
  };
}

export default function FamilyPrivacyPage() {
  const { familyId = '' } = useParams();
  const { data, error, isPending } = useQuery(familyQuery(familyId));
  const family = data?.family;
  usePageTitle(family ? `Privacy: ${family.surname} Family` : 'Privacy');
  return (
    <div className="page family-privacy">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Families', to: '/families' },
          { label: family ? `${family.surname} Family` : 'Family', to: familyPath(familyId) },
          { label: 'Privacy' },
        ]}
      />
      <PageTitle>{family ? `Who sees the ${family.surname} family's details` : 'Privacy'}</PageTitle>
      {isPending && <PageLoader text="Loading family..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('familyPrivacyLoad', error) }} />}
      {family && !family.privacy && (
        <StatusMessage
          status={{ kind: 'error', text: 'Only this family and administrators can change its privacy.' }}
        />
      )}
      {family?.privacy && (
        <PrivacyForm key={family.version} family={family} fixed={new Set(data?.rules?.fixed ?? [])} />
      )}
    </div>
  );
}

/** `fixed`: the levels the church decides for every family (none for an administrator: it may set them). */
function PrivacyForm({ family, fixed }: { family: FamilyView; fixed: ReadonlySet<string> }) {
  const navigate = useNavigate();
  const mutation = useApiMutation('setFamilyPrivacy');
  const [draft, setDraft] = useState<Draft>(() => draftOf(family));
  const defaults = family.privacy!.defaults;
  const { status, busy, onSubmit } = useSave(
    {
      isPending: mutation.isPending,
      mutateAsync: () => mutation.mutateAsync({ params: { familyId: family.familyId }, body: draft }),
    },
    'familyPrivacySave',
    (message) => {
      const state: StatusLocationState = { status: { kind: 'success', text: message } };
      navigate(familyPath(family.familyId), { state });
    },
  );

  return (
    <Flex direction="column" gap="large">
      <form onSubmit={onSubmit} noValidate aria-busy={busy} className={styles.privacyForm}>
        <Card variation="outlined">
          <label className={styles.privacyFormUnlisted}>
            <input
              type="checkbox"
              checked={draft.unlisted}
              disabled={busy}
              onChange={(e) => setDraft({ ...draft, unlisted: e.target.checked })}
            />
            <span>
              Leave our family out of the directory
              <span className={cx('muted', styles.privacyFormHint)}>
                Only administrators will see your family, and it will not be printed.
              </span>
            </span>
          </label>
          <label className={cx(styles.privacyFormUnlisted, styles.privacyFormSecond)}>
            <input
              type="checkbox"
              checked={draft.approximateLocation}
              disabled={busy || draft.unlisted}
              onChange={(e) => setDraft({ ...draft, approximateLocation: e.target.checked })}
            />
            <span>{MAP_MESSAGES.approximateChoice}</span>
          </label>
        </Card>
        <fieldset className={styles.privacyFormGroup} disabled={busy || draft.unlisted}>
          <legend>
            <Heading level={2}>Family</Heading>
          </legend>
          {FAMILY_SHARED_KEYS.map((key) => (
            <LevelSelect
              key={key}
              label={FAMILY_SHARED[key].label}
              value={draft.family[key] ?? ''}
              churchDefault={defaults[key]}
              disabled={busy || draft.unlisted}
              fixed={fixed.has(key)}
              onChange={(level) => setDraft({ ...draft, family: { ...draft.family, [key]: level || undefined } })}
            />
          ))}
        </fieldset>
        {family.members.map((m) => (
          <fieldset key={m.memberId} className={styles.privacyFormGroup} disabled={busy || draft.unlisted}>
            <legend>
              <Heading level={2}>{m.name}</Heading>
            </legend>
            {MEMBER_SHARED_KEYS.map((key) => (
              <LevelSelect
                key={key}
                label={MEMBER_SHARED[key].label}
                value={draft.members[m.memberId]?.[key] ?? ''}
                churchDefault={defaults[key]}
                disabled={busy || draft.unlisted}
                fixed={fixed.has(key)}
                onChange={(level) =>
                  setDraft({
                    ...draft,
                    members: {
                      ...draft.members,
                      [m.memberId]: { ...draft.members[m.memberId], [key]: level || undefined },
                    },
                  })
                }
              />
            ))}
          </fieldset>
        ))}
        <div className={entryForm.status}>
          <StatusMessage status={status} />
        </div>
        <Flex className={entryForm.actions} gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={busy} isLoading={busy} loadingText="Saving...">
            Save Privacy Choices
          </Button>
          <Button type="button" isDisabled={busy} onClick={() => navigate(familyPath(family.familyId))}>
            Cancel
          </Button>
        </Flex>
      </form>
      <section aria-labelledby="what-others-see">
        <Heading level={2} id="what-others-see" className="section-title">
          What others see
        </Heading>
        <p className="muted">Administrators always see everything.</p>
        <WhatOthersSee family={previewOf(family, draft)} />
      </section>
    </Flex>
  );
}
