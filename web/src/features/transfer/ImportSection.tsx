/**
 * Import families (admins): the file is uploaded, checked by a job (the dry run: what would be
 * created, updated and left alone, every line's problem, nothing written) and, once the
 * administrator confirms, written by the same job page by page, followed here (also after a
 * reload) through the church's latest import (transfer/churchImport.ts). A file without column
 * names, or with two of one name, gets its columns chosen here, then is checked again. A program
 * that exports its groups apart gets its groups files uploaded beside the people file.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { IMPORT_PRESETS, type DateOrder, type ImportPresetKey, type ImportTarget } from '@contract/imports';
import {
  familiesToWrite,
  IMPORT_FILE_ACCEPT,
  IMPORT_JOB_MESSAGES,
  type CheckImportInput,
  type GetImportResult,
  type ImportFileUpload,
  type ImportView,
} from '@contract/importJobs';
import { INVITATIONS_PER_DAY, waitingMessage } from '@contract/invitations';
import { callApi } from '../../lib/api';
import { importQuery, useApiMutation } from '../../api/queries';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { errorText } from '../../lib/errorTexts';
import { ImportCheckView } from './ImportCheckView';
import { GroupsFilesField, groupsFilesOf } from './GroupsFilesField';
import styles from './TransferPage.module.css';

/** How often the page asks for the import while it is checked or written. */
export const IMPORT_POLL_MS = 1000;

/** A file sent to where the upload said. */
const put = (to: ImportFileUpload, file: File) => fetch(to.url, { method: 'PUT', headers: to.headers, body: file });

const running = (view: ImportView | null | undefined) =>
  view?.status === 'CHECKING' || view?.status === 'WRITING' || view?.status === 'UNDOING';

/** Month first where the browser's language writes dates so (the United States), else day first. */
const localDateOrder = (): DateOrder =>
  new Intl.DateTimeFormat(navigator.language, { month: 'numeric', day: 'numeric' })
    .formatToParts(new Date(2026, 3, 5))
    .find((p) => p.type === 'month' || p.type === 'day')?.type === 'month'
    ? 'mdy'
    : 'dmy';

export function ImportSection() {
  const client = useQueryClient();
  const { data, error } = useQuery({
    ...importQuery(),
    refetchInterval: ({ state }) => (running(state.data?.import) ? IMPORT_POLL_MS : false),
  });
  const check = useApiMutation('checkImport');
  const confirm = useApiMutation('confirmImport');
  const undo = useApiMutation('undoImport');
  const [askUndo, setAskUndo] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [groupsFiles, setGroupsFiles] = useState<File[]>([]);
  const [preset, setPreset] = useState<ImportPresetKey | ''>('');
  const [dateOrder, setDateOrder] = useState<DateOrder>(localDateOrder);
  const [invite, setInvite] = useState(false);
  const [mapping, setMapping] = useState<Record<string, ImportTarget | null>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [uploading, setUploading] = useState(false);
  const view = data?.import ?? null;
  const busy = uploading || check.isPending || confirm.isPending || undo.isPending || running(view);

  // Once written or undone, every page of the directory asks again.
  const wasChanging = useRef(false);
  useEffect(() => {
    if (view?.status === 'WRITING' || view?.status === 'UNDOING') wasChanging.current = true;
    else if (wasChanging.current) {
      wasChanging.current = false;
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importQuery().queryKey[0] });
    }
  }, [view?.status, client]);

  const show = (next: ImportView) =>
    client.setQueryData<GetImportResult>(importQuery().queryKey, { success: true, import: next });

  const options = (): CheckImportInput => ({ preset: preset || null, mapping, dateOrder, invite });

  async function checkAgain(importId: string) {
    show((await check.mutateAsync({ params: { importId }, body: options() })).import);
  }

  async function uploadAndCheck(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    if (!file) return setStatus({ kind: 'error', text: IMPORT_JOB_MESSAGES.fileName });
    setUploading(true);
    // Those of a program chosen before, whose field is gone, are not sent.
    const groups = groupsFilesOf(preset) ? groupsFiles : [];
    try {
      const upload = await callApi('createImportUpload', {
        body: {
          fileName: file.name,
          size: file.size,
          groupsFiles: groups.map((g) => ({ fileName: g.name, size: g.size })),
        },
      });
      const sent = await Promise.all([put(upload, file), ...upload.groupsFiles.map((to, i) => put(to, groups[i]!))]);
      if (sent.some((answer) => !answer.ok)) throw new Error(IMPORT_JOB_MESSAGES.notUploaded);
      setMapping({});
      show(upload.import);
      await checkAgain(upload.import.importId);
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('importStart', failure) });
    } finally {
      setUploading(false);
    }
  }

  async function onCheckAgain() {
    if (!view || busy) return;
    setStatus(null);
    try {
      await checkAgain(view.importId);
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('importStart', failure) });
    }
  }

  async function onConfirm() {
    if (!view || busy) return;
    setStatus(null);
    try {
      show((await confirm.mutateAsync({ params: { importId: view.importId } })).import);
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('importStart', failure) });
    }
  }

  async function onUndo() {
    if (!view || busy) return;
    setAskUndo(false);
    setStatus(null);
    try {
      show((await undo.mutateAsync({ params: { importId: view.importId } })).import);
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('importStart', failure) });
    }
  }

  const toWrite = familiesToWrite(view?.check ?? null);
  const canConfirm = view?.status === 'CHECKED' && !view.check?.refusal && !view.check?.needsMapping && toWrite > 0;

  return (
    <section className={styles.section} aria-labelledby="import-heading">
      <h2 id="import-heading">Import families</h2>
      <p>
        Bring your church&apos;s families in from a spreadsheet, from this directory&apos;s own export, or from Planning
        Center, Breeze, ChurchCRM or ChurchApps. Nothing is written until you have seen what the import would do and
        chosen to import.
      </p>
      <form className={styles.importForm} onSubmit={(e) => void uploadAndCheck(e)} noValidate aria-busy={busy}>
        <label className={styles.field}>
          <span>File (.csv or .xlsx)</span>
          <input
            type="file"
            accept={IMPORT_FILE_ACCEPT}
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label className={styles.field}>
          <span>Where the file comes from</span>
          <select value={preset} disabled={busy} onChange={(e) => setPreset(e.target.value as ImportPresetKey | '')}>
            <option value="">Recognise it from its column names</option>
            {IMPORT_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <GroupsFilesField preset={preset} disabled={busy} onChange={setGroupsFiles} />
        <label className={styles.field}>
          <span>Dates in the file</span>
          <select value={dateOrder} disabled={busy} onChange={(e) => setDateOrder(e.target.value as DateOrder)}>
            <option value="mdy">Month first: 04/05 is April 5</option>
            <option value="dmy">Day first: 04/05 is 4 May</option>
          </select>
        </label>
        <label className={styles.choice}>
          <input type="checkbox" checked={invite} disabled={busy} onChange={(e) => setInvite(e.target.checked)} />
          <span>
            Invite the new members who have an e-mail address to sign up ({INVITATIONS_PER_DAY} a day, the rest on the
            following days)
          </span>
        </label>
        <PlainButton
          type="submit"
          variation="primary"
          isLoading={uploading || check.isPending}
          loadingText="Checking..."
        >
          Check the file
        </PlainButton>
      </form>
      <StatusMessage status={status} />
      {error && <StatusMessage status={{ kind: 'error', text: errorText('importLoad', error) }} />}
      {view && (
        <div className={styles.importState} aria-live="polite">
          <h3>{view.fileName}</h3>
          {view.groupsFiles.length > 0 && (
            <p className={styles.quiet}>With its groups files: {view.groupsFiles.join(', ')}</p>
          )}
          {view.status === 'FAILED' ? (
            <StatusMessage status={{ kind: 'error', text: view.message }} />
          ) : view.status === 'DONE' || view.status === 'UNDONE' ? (
            <StatusMessage status={{ kind: 'success', text: view.message }} />
          ) : (
            <p role="status">{view.message}</p>
          )}
          {view.undoRefused && <StatusMessage status={{ kind: 'error', text: view.undoRefused }} />}
          {view.invitationsWaiting > 0 && <p>{waitingMessage(view.invitationsWaiting)}</p>}
          {view.status === 'WRITING' && view.progress && (
            <progress max={view.progress.total} value={view.progress.done} aria-label="Import progress" />
          )}
          {view.status === 'DONE' && (
            <p className={styles.actions}>
              <Link to="/families">See the families</Link>
              {!askUndo && (
                <PlainButton disabled={busy} onClick={() => setAskUndo(true)}>
                  Undo this import
                </PlainButton>
              )}
            </p>
          )}
          {view.status === 'DONE' && askUndo && (
            <div role="group" aria-label="Undo the import" className={styles.confirmUndo}>
              <p>
                Undo the import of {view.fileName}? The families it created are deleted, and the families it changed get
                back what they had. This is possible only while nothing it wrote has changed since.
              </p>
              <PlainButton
                colorTheme="error"
                onClick={() => void onUndo()}
                isLoading={undo.isPending}
                loadingText="Undoing..."
              >
                Yes, undo the import
              </PlainButton>{' '}
              <PlainButton onClick={() => setAskUndo(false)}>Keep it</PlainButton>
            </div>
          )}
          {view.refused.length > 0 && (
            <ul className={styles.lines} aria-label="Families not imported">
              {view.refused.map((r) => (
                <li key={r.line}>{r.message}</li>
              ))}
            </ul>
          )}
          {view.check && view.status !== 'WRITING' && view.status !== 'DONE' && (
            <ImportCheckView
              check={view.check}
              mapping={mapping}
              onMapping={setMapping}
              disabled={busy}
              onCheckAgain={() => void onCheckAgain()}
            />
          )}
          {canConfirm && (
            <PlainButton
              variation="primary"
              isLoading={confirm.isPending}
              loadingText="Starting..."
              onClick={() => void onConfirm()}
            >
              {`Import ${toWrite} ${toWrite === 1 ? 'family' : 'families'}`}
            </PlainButton>
          )}
        </div>
      )}
    </section>
  );
}
