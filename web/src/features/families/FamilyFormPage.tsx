import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import type { FamilyView } from '@contract/api';
import { AddFamilyInput, FAMILY_FIELDS, MESSAGES, UpdateFamilyInput } from '@contract/directory';
import { checkWith, useForm } from '../../lib/form';
import { useAuth } from '../../lib/auth';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { familyQuery, useApiMutation } from '../../api/queries';
import { errorText, NO_FAMILY_PERMISSION } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import { blankForm, declaredField, formOf, type FormTexts } from '../../lib/entityForm';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { RequiredNote } from '../../components/formFields';
import { DeclaredInputs } from '../../components/DeclaredInputs';
import entryForm from '../../components/EntryForm.module.css';
import { cx } from '../../lib/classNames';
import { isImageFile } from '../../lib/presignedUpload';
import { uploadFamilyPhoto } from './photoUpload';
import { APPROVAL_NOTE, heldFields } from '../../lib/heldFields';
import styles from './FamilyFormPage.module.css';

/** Redirect 1.5 s after a family is added or updated. */
export const FAMILY_REDIRECT_MS = 1500;

export const FAMILY_TEXTS = {
  add: {
    title: 'Add New Family',
    submit: 'Add Family',
    uploading: 'Uploading photo...',
    uploaded: 'Photo uploaded. Adding family...',
    saving: 'Adding family...',
    uploadError: 'Photo upload error',
    success: 'Family added successfully!',
    missingIds: 'Cannot add family: User Organization ID is missing.',
  },
  edit: {
    title: 'Edit Family Details',
    submit: 'Update Family',
    uploading: 'Uploading new photo...',
    uploaded: 'New photo uploaded. Updating family...',
    saving: 'Updating family...',
    uploadError: 'New photo upload error',
    success: 'Family updated successfully!',
    missingIds: 'Cannot update family: Missing required IDs.',
  },
} as const;
const REMOVING = 'Photo marked for removal. Updating family...';
/** Between the upload and the save: the server checks the photo and makes its renditions. */
export const PREPARING_PHOTO = 'Preparing photo...';

/** keep: the stored photo stays; none: no photo; new: a chosen file; remove: the stored photo goes. */
type PhotoChoice = { kind: 'keep' } | { kind: 'none' } | { kind: 'new'; file: File } | { kind: 'remove' };

export default function FamilyFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const texts = FAMILY_TEXTS[mode];
  usePageTitle(texts.title);
  const requestKey = useRequestKey();
  const { familyId = '' } = useParams();
  const { userOrgId, isAdmin } = useAuth();
  const navigate = useNavigate();

  const query = useQuery({ ...familyQuery(familyId), enabled: mode === 'edit' && userOrgId !== '' });
  /** The family the form was filled from: filled once, so a refresh behind it never overwrites what is typed. */
  const [family, setFamily] = useState<FamilyView | null>(null);
  const [version, setVersion] = useState(0);
  const [choice, setChoice] = useState<PhotoChoice>({ kind: 'none' });
  const [percent, setPercent] = useState<number | null>(null);
  /** A photo already uploaded for this file: a retry after a failed save does not send it again. */
  const uploaded = useRef<{ file: File; path: string } | null>(null);
  const form = useForm<FormTexts<typeof FAMILY_FIELDS>, AddFamilyInput | UpdateFamilyInput>({
    initial: blankForm(FAMILY_FIELDS),
    check: (fields) =>
      !userOrgId || (mode === 'edit' && !familyId)
        ? { ok: false, issues: [{ message: texts.missingIds }] }
        : mode === 'add'
          ? checkWith(AddFamilyInput, fields)
          : checkWith(UpdateFamilyInput, { ...fields, version }),
    failed: mode === 'add' ? 'familyAdd' : 'familyUpdate',
  });
  const { busy, done, locked, status, setStatus } = form;
  const addFamily = useApiMutation('addFamily');
  const updateFamily = useApiMutation('updateFamily');

  const loaded = query.data?.family;
  if (loaded && loaded.canEdit && family?.familyId !== loaded.familyId) {
    setFamily(loaded);
    form.reset(formOf(FAMILY_FIELDS, loaded));
    setVersion(loaded.version);
    setChoice(loaded.photoUrl ? { kind: 'keep' } : { kind: 'none' });
  }
  const loadError =
    mode !== 'edit'
      ? null
      : !userOrgId
        ? 'Error: Organization ID not found for your account.'
        : query.error
          ? errorText('familyLoad', query.error)
          : loaded && !loaded.canEdit
            ? NO_FAMILY_PERMISSION
            : null;
  const loading = mode === 'edit' && !loadError && !family;

  const entry = declaredField(FAMILY_FIELDS, form.field);
  // A family user's form holds what the church leaves to administrators.
  const held = heldFields(
    FAMILY_FIELDS,
    isAdmin ? undefined : query.data?.rules?.family,
    family && { ...family, photo: family.photoUrl },
  );

  const onSubmit = form.submit(async (checked: AddFamilyInput | UpdateFamilyInput) => {
    /** A new upload's key, null for none, or left out (undefined) to keep the stored photo. */
    let photo: string | null | undefined = choice.kind === 'keep' ? undefined : null;
    if (choice.kind === 'new') {
      setStatus({ kind: 'info', text: texts.uploading });
      try {
        if (uploaded.current?.file !== choice.file) {
          setPercent(0);
          const path = await uploadFamilyPhoto(choice.file, {
            ...(mode === 'edit' ? { familyId } : { requestKey }),
            onProgress: setPercent,
            onPreparing: () => {
              setPercent(null);
              setStatus({ kind: 'info', text: PREPARING_PHOTO });
            },
          });
          uploaded.current = { file: choice.file, path };
        }
        photo = uploaded.current.path;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        setStatus({ kind: 'error', text: `${texts.uploadError}: ${message}` });
        setPercent(null);
        return;
      }
      setPercent(null);
      setStatus({ kind: 'info', text: texts.uploaded });
    } else if (choice.kind === 'remove') {
      setStatus({ kind: 'info', text: REMOVING });
    } else {
      setStatus({ kind: 'info', text: texts.saving });
    }

    const result =
      mode === 'add'
        ? await addFamily.mutateAsync({ body: { ...(checked as AddFamilyInput), photo }, requestKey })
        : await updateFamily.mutateAsync({
            params: { familyId },
            body: { ...(checked as UpdateFamilyInput), photo },
          });
    // A conflict (409) or a refusal throws: the form says so (lib/errorTexts.ts) and everything typed stays.
    form.finish(
      { kind: 'success', text: result.requestId !== undefined ? result.message : texts.success },
      { ms: FAMILY_REDIRECT_MS, go: () => navigate(`/families/${result.id}`) },
    );
  });

  const crumbs: Crumb[] =
    mode === 'add'
      ? [{ label: 'Dashboard', to: '/dashboard' }, { label: 'Families', to: '/families' }, { label: 'Add Family' }]
      : [
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Families', to: '/families' },
          { label: 'Family Detail', to: `/families/${familyId}` },
          { label: 'Edit Family' },
        ];

  return (
    <div className={cx('page', entryForm.entryForm)}>
      <Breadcrumbs items={crumbs} />
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>{texts.title}</PageTitle>

        {loading && <PageLoader text="Loading family details..." />}

        {loadError && (
          <div>
            <StatusMessage status={{ kind: 'error', text: loadError }} />
            <Button variation="primary" marginTop="medium" onClick={() => navigate('/families')}>
              Back to Families
            </Button>
          </div>
        )}

        {!loading && !loadError && (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <RequiredNote />
            {!isAdmin && query.data?.rules?.approval && <p className={entryForm.hint}>{APPROVAL_NOTE}</p>}
            <fieldset className={entryForm.fields} disabled={locked}>
              <legend className="amplify-visually-hidden">Family details</legend>
              <DeclaredInputs fields={FAMILY_FIELDS} entry={entry} extra={held} />
            </fieldset>

            <PhotoPicker
              mode={mode}
              choice={choice}
              storedUrl={family?.photoUrl ?? null}
              hasStored={Boolean(family?.photoUrl)}
              disabled={locked || Boolean(held.photo)}
              heldText={held.photo?.descriptiveText}
              onChoose={(next) => {
                setChoice(next);
                if (status?.kind === 'error' && status.text === MESSAGES.image) setStatus(null);
              }}
              onInvalid={() => setStatus({ kind: 'error', text: MESSAGES.image })}
            />

            <div className={entryForm.status}>
              <StatusMessage status={status} id={form.statusId} />
              {percent !== null && (
                <div className={styles.uploadProgress}>
                  <progress max={100} value={percent} aria-label="Photo upload progress" />
                  <span aria-hidden="true">{percent}%</span>
                </div>
              )}
            </div>

            <Flex className={entryForm.actions} gap="small" wrap="wrap">
              <Button
                type="submit"
                variation="primary"
                isDisabled={locked}
                isLoading={busy && !done}
                loadingText={texts.submit}
              >
                {texts.submit}
              </Button>
              <Button
                type="button"
                isDisabled={locked}
                onClick={() => navigate(mode === 'edit' ? `/families/${familyId}` : '/families')}
              >
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </div>
  );
}

/** Family Photo: choose, change or remove, with a preview. */
function PhotoPicker({
  mode,
  choice,
  storedUrl,
  hasStored,
  disabled,
  heldText,
  onChoose,
  onInvalid,
}: {
  mode: 'add' | 'edit';
  choice: PhotoChoice;
  storedUrl: string | null;
  hasStored: boolean;
  disabled: boolean;
  /** Why the church's rules hold the photo, if they do. */
  heldText?: ReactNode;
  onChoose: (choice: PhotoChoice) => void;
  onInvalid: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const file = choice.kind === 'new' ? choice.file : null;

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    if (!isImageFile(chosen)) {
      onInvalid();
      return;
    }
    onChoose({ kind: 'new', file: chosen });
  }

  const shown = choice.kind === 'new' ? previewUrl : choice.kind === 'keep' ? storedUrl : null;
  const hasPhoto = choice.kind === 'new' || choice.kind === 'keep';
  const caption =
    choice.kind === 'new'
      ? `New photo selected: ${choice.file.name}`
      : choice.kind === 'keep'
        ? 'Current photo.'
        : choice.kind === 'remove'
          ? 'The current photo will be removed when you save.'
          : 'No photo chosen.';
  const canRestore = mode === 'edit' && hasStored && choice.kind !== 'keep';

  return (
    <fieldset className={styles.photoPicker} disabled={disabled}>
      <legend>Family Photo</legend>
      <div className={styles.photoPickerBody}>
        <Photo
          src={shown}
          kind="family"
          className={styles.photoPickerPreview}
          alt={
            choice.kind === 'new'
              ? 'Preview of the new family photo'
              : hasPhoto
                ? 'Current family photo'
                : 'No family photo'
          }
        />
        <div className={styles.photoPickerControls}>
          <Text id={hintId} className={styles.photoPickerCaption} aria-live="polite">
            {caption}
          </Text>
          <div className={styles.photoPickerButtons}>
            <input
              id={inputId}
              className={cx('amplify-visually-hidden', styles.photoPickerFile)}
              type="file"
              accept="image/*"
              aria-describedby={hintId}
              onChange={onFile}
              disabled={disabled}
            />
            <label
              htmlFor={inputId}
              className={cx('button-link', styles.photoPickerFileLabel)}
              aria-disabled={disabled || undefined}
            >
              {hasPhoto ? 'Change Photo' : 'Choose Photo'}
            </label>
            {hasPhoto && (
              <Button
                type="button"
                size="small"
                variation="link"
                isDisabled={disabled}
                onClick={() => onChoose(hasStored && mode === 'edit' ? { kind: 'remove' } : { kind: 'none' })}
              >
                Remove Photo
              </Button>
            )}
            {canRestore && (
              <Button
                type="button"
                size="small"
                variation="link"
                isDisabled={disabled}
                onClick={() => onChoose({ kind: 'keep' })}
              >
                Keep Current Photo
              </Button>
            )}
          </div>
          <Text className={entryForm.hint}>{heldText ?? 'Large photos are resized before upload.'}</Text>
        </div>
      </div>
    </fieldset>
  );
}
