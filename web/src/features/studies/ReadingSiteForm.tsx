/**
 * The church's reading site (administrators, on the Bible Studies page): the web address a Bible
 * reference of every study opens, {passage} standing for the reference. Empty: references show
 * without a link.
 */
import { useId } from 'react';
import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { ReadingSiteInput } from '@contract/studies';
import { useApiMutation } from '../../api/queries';
import entryForm from '../../components/EntryForm.module.css';
import { StatusMessage } from '../../components/StatusMessage';
import { cx } from '../../lib/classNames';
import { checkWith, useForm } from '../../lib/form';
import { STUDY_TEXTS } from './studyWords';
import styles from './StudiesPage.module.css';

export function ReadingSiteForm({ current }: { current: string | null }) {
  const headingId = useId();
  const save = useApiMutation('setReadingSite');
  const form = useForm<{ readingSite: string }, { readingSite: string | null }>({
    initial: { readingSite: current ?? '' },
    check: ({ readingSite }) => checkWith(ReadingSiteInput, { readingSite: readingSite.trim() ? readingSite : null }),
    failed: 'readingSiteSave',
  });
  const onSubmit = form.submit(async (value) => {
    const answer = await save.mutateAsync({ body: value });
    form.setStatus({ kind: 'success', text: answer.message });
  });

  return (
    <section className={styles.readingSite} aria-labelledby={headingId}>
      <h2 id={headingId} className={cx('amplify-heading amplify-heading--2', styles.readingSiteTitle)}>
        Where Bible references open
      </h2>
      <form className={styles.readingSiteForm} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <TextField
          label={STUDY_TEXTS.readingSiteLabel}
          descriptiveText={
            <>
              {STUDY_TEXTS.readingSiteHint}
              <br />
              {STUDY_TEXTS.readingSiteNone}
            </>
          }
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          {...form.field('readingSite')}
        />
        <StatusMessage status={form.status} id={form.statusId} />
        <Flex className={entryForm.actions} gap="small">
          <Button type="submit" isDisabled={form.busy} isLoading={form.busy} loadingText="Saving...">
            Save Reading Site
          </Button>
        </Flex>
      </form>
    </section>
  );
}
