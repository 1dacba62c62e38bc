/**
 * /admin/privacy: the church's defaults, for every family that has not chosen for itself. A
 * church that never chose shares everything with everyone, as the directory always did.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Heading } from '@aws-amplify/ui-react';
import { FAMILY_SHARED, MEMBER_SHARED, SHARED_KEYS, type Levels, type Shared } from '@contract/privacy';
import { privacyDefaultsQuery, useApiMutation } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { usePageTitle } from '../../lib/usePageTitle';
import { LevelSelect } from './LevelSelect';
import { errorText } from '../../lib/errorTexts';
import { useSave } from './useSave';
import { ChangeRulesForm } from './ChangeRulesForm';
import { SaveRow } from './SaveRow';
import styles from './privacyForm.module.css';

const LABELS: Record<Shared, string> = Object.fromEntries(
  Object.entries({ ...FAMILY_SHARED, ...MEMBER_SHARED }).map(([k, v]) => [k, v.label]),
) as Record<Shared, string>;

export default function ChurchPrivacyPage() {
  usePageTitle('Privacy Defaults');
  const { data, error, isPending } = useQuery(privacyDefaultsQuery());
  return (
    <div className="page page--medium church-privacy">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Privacy Defaults' }]} />
      <PageTitle>Privacy Defaults</PageTitle>
      <p>
        Who in the church sees each detail, unless a family chooses otherwise for itself. Administrators always see
        everything; families and members can narrow or widen these on their own privacy page.
      </p>
      {isPending && <PageLoader text="Loading privacy defaults..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('privacyDefaultsLoad', error) }} />}
      {data && <DefaultsForm initial={data.levels} />}
      <Heading level={2} className="section-title">
        What members can change
      </Heading>
      <p>
        Families keep their own details current. Here the church chooses whether their changes wait for an
        administrator&apos;s approval, which details only administrators change, and which privacy levels are the
        church&apos;s for every family.
      </p>
      {data && <ChangeRulesForm initial={data.rules} />}
    </div>
  );
}

function DefaultsForm({ initial }: { initial: Levels }) {
  const [levels, setLevels] = useState<Levels>(initial);
  const mutation = useApiMutation('setPrivacyDefaults');
  const { status, busy, onSubmit } = useSave(
    { isPending: mutation.isPending, mutateAsync: () => mutation.mutateAsync({ body: { levels } }) },
    'privacyDefaultsSave',
  );

  return (
    <Card variation="outlined">
      <form onSubmit={onSubmit} noValidate aria-busy={busy} className={styles.privacyForm}>
        <fieldset className={styles.privacyFormGroup} disabled={busy}>
          <legend className="amplify-visually-hidden">Who sees each detail</legend>
          {SHARED_KEYS.map((key) => (
            <LevelSelect
              key={key}
              label={LABELS[key]}
              value={levels[key]}
              disabled={busy}
              onChange={(level) => level && setLevels({ ...levels, [key]: level })}
            />
          ))}
        </fieldset>
        <SaveRow status={status} busy={busy} label="Save Defaults" />
      </form>
    </Card>
  );
}
