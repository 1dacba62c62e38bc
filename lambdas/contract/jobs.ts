/**
 * The super-admin's long jobs (/admin/data-audit and /admin/org): the integrity report and the
 * deletion of all data of an organisation. Inputs, texts, and the pure helpers both the pages and
 * the handlers use. No AWS imports: bundled into the browser too.
 */
import * as z from 'zod/mini';
import type { AppInstalls } from './appPlatforms';
import { Id } from './directory';
import type { DeletedCounts } from './jobTexts';

// Texts and pure helpers live in jobTexts.ts (no zod: the app shell imports them).
export * from './jobTexts';

export const JobParams = z.object({ jobId: Id });
export const DeleteOrganizationInput = z.object({ orgId: Id });
export type DeleteOrganizationInput = z.output<typeof DeleteOrganizationInput>;

/** One finding of the integrity report: which item, why, and the reference that failed. */
export interface IntegrityIssue {
  collectionName: string;
  documentId: string;
  reason: string;
  problematicOrgId: string | null;
  referencedField: string | null;
  referencedValue: string | null;
}

/** The integrity report's answer: the total, the count per collection and every finding. */
export interface IntegrityReportResult {
  success: boolean;
  message: string;
  totalIssues: number;
  /** Category (collection) to count. */
  issuesByCollection: Record<string, number>;
  issues: IntegrityIssue[];
}

export interface OrgDeletionResult {
  success: boolean;
  orgId: string;
  orgName: string;
  message: string;
  /** Per kind, everything deleted by every run of this organisation's deletion (a resumed run adds to them). */
  deletedCounts: DeletedCounts;
}

export type JobKind = 'integrityReport' | 'orgDeletion';
export type JobStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED';

/** A job as getJob answers it: polled by the pages until its status is no longer RUNNING. */
export interface JobView {
  jobId: string;
  kind: JobKind;
  status: JobStatus;
  startedAt: string;
  finishedAt: string | null;
  /** Items checked (report) or deleted (deletion) so far, and pages done. */
  progress: { items: number; pages: number };
  /** The report, once SUCCEEDED. */
  report: IntegrityReportResult | null;
  /** The deletion's counts so far, and its message once SUCCEEDED. */
  deletion: OrgDeletionResult | null;
  /** What went wrong, when FAILED. */
  error: string | null;
}

export interface StartJobResult {
  success: true;
  message: string;
  jobId: string;
  status: JobStatus;
}

/** An organisation as the super-admin's list shows it (times as ISO text, or null when absent). */
export interface OrganizationListItem {
  id: string;
  orgName: string;
  cDate: string | null;
  contactName: string | null;
  contactEmail: string | null;
  expire: string | null;
  /** Its members' installed apps, by platform. */
  appInstalls: AppInstalls;
}

export interface GetAllOrganizationsResult {
  success: true;
  message: string;
  organizations: OrganizationListItem[];
}
