/**
 * THE job manifest: each long job is one ASL file (lambdas/tasks/<job>.asl.json) whose Task states
 * name their Lambda by a substitution variable (`${ScanPageFunctionArn}`), and one handler module
 * per task (lambdas/tasks/<job>/<step>.ts, exporting `handler`). It drives:
 *  - CDK (lib/jobs.ts): one Lambda per task with the grants of its `uses`, and a Standard state
 *    machine from the same file with `definitionSubstitutions` set to those Lambdas' ARNs;
 *  - the local stack (lib/local/stepfunctions.ts): the same file run by aws-local-stepfunctions,
 *    each Task state mapped to its handler module in process;
 *  - the handlers that start jobs, through the state machine ARN variable `stateMachineEnv`.
 */
import type { EnvName } from '../platform/env';
import type { DataUses, ShippedFiles, UserPoolAction } from '../routes';

/** What a task talks to, at the narrowest grant it needs. */
export interface TaskUses extends DataUses {
  /** Cognito admin actions, on our pool only. */
  userPool?: readonly UserPoolAction[];
  /** Sends our own mails (ses:SendEmail from the configured sender): the invitations imports ask for. */
  mail?: true;
  /**
   * The jobs it starts (states:StartExecution on those alone): the import's family writes retire
   * replaced photos, and its new addresses are looked up.
   */
  starts?: readonly ('photoCleanup' | 'familyLocations')[];
  /** Looks addresses up with Amazon Location's Geocode (geo-places:Geocode, nothing else). */
  geocode?: true;
}

export interface TaskDef {
  /** Handler file, relative to lambdas/jobs, without extension. */
  readonly entry: string;
  /** Native modules installed beside the bundle instead of bundled (lib/bundling.ts NATIVE_MODULES). */
  readonly nativeModules?: readonly 'sharp'[];
  readonly uses: TaskUses;
  readonly description: string;
  /** Files read at run time, shipped next to the bundle (as RouteDef.files). */
  readonly files?: readonly ShippedFiles[];
  /** Lambda memory in MB when the default (1024, or 2048 with sharp) is not the right size. */
  readonly memoryMb?: number;
  /** Concurrent invocations reserved for (and allowed to) the task's Lambda, when not lib/limits.ts JOB_TASK_RESERVED. */
  readonly reservedConcurrency?: number;
}

export interface JobDef {
  /** The ASL file, relative to lambdas/jobs. */
  readonly definition: string;
  /** The environment variable that carries the state machine's ARN to the handlers that start it. */
  readonly stateMachineEnv: EnvName;
  readonly description: string;
  /** Started on a schedule (an EventBridge rule in AWS, a timer locally) every so many hours. */
  readonly everyHours?: number;
  /** Substitution variable (without `${}`) → task. */
  readonly tasks: Readonly<Record<string, TaskDef>>;
}

export const jobs = {
  integrityReport: {
    definition: 'integrityReport.asl.json',
    stateMachineEnv: 'INTEGRITY_REPORT_STATE_MACHINE_ARN',
    description: 'Data integrity report: every item of the table and every Cognito account, page by page',
    tasks: {
      ScanPageFunctionArn: {
        entry: 'integrityReport/scanPage',
        uses: { table: 'readWrite', photos: 'read', userPool: ['cognito-idp:AdminGetUser'] },
        description: 'Integrity report: scan one page of the table and check its items',
      },
      AccountsPageFunctionArn: {
        entry: 'integrityReport/accountsPage',
        uses: { table: 'readWrite', userPool: ['cognito-idp:ListUsers'] },
        description: 'Integrity report: check one page of Cognito accounts against the user records',
      },
      FinishFunctionArn: {
        entry: 'integrityReport/finish',
        uses: { table: 'readWrite' },
        description: 'Integrity report: compare organisation counts, total the issues, end the job',
      },
      FailFunctionArn: {
        entry: 'integrityReport/fail',
        uses: { table: 'readWrite' },
        description: 'Integrity report: end the job as failed',
      },
    },
  },
  orgDeletion: {
    definition: 'orgDeletion.asl.json',
    stateMachineEnv: 'ORG_DELETION_STATE_MACHINE_ARN',
    description:
      'Deletion of all data of an organisation: accounts, items, photos, exports, then its record; resumable',
    tasks: {
      DeletePageFunctionArn: {
        entry: 'orgDeletion/deletePage',
        uses: {
          table: 'readWrite',
          userPool: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
        },
        description: "Organisation deletion: one page of the organisation's accounts and items",
      },
      DeleteObjectsFunctionArn: {
        entry: 'orgDeletion/deleteObjects',
        uses: { table: 'readWrite', photos: 'delete', exports: 'delete' },
        description: "Organisation deletion: one page of the organisation's photos or exports",
      },
      FinishFunctionArn: {
        entry: 'orgDeletion/finish',
        uses: { table: 'readWrite' },
        description: 'Organisation deletion: the organisation record and name claim, and the end of the job',
      },
      FailFunctionArn: {
        entry: 'orgDeletion/fail',
        uses: { table: 'readWrite' },
        description: 'Organisation deletion: end the job as failed',
      },
    },
  },
  photoCleanup: {
    definition: 'photoCleanup.asl.json',
    stateMachineEnv: 'PHOTO_CLEANUP_STATE_MACHINE_ARN',
    description: "Deletion of a family's replaced or removed photo and its renditions, off the request path",
    tasks: {
      DeletePhotoFunctionArn: {
        entry: 'photoCleanup/deletePhoto',
        uses: { table: 'read', photos: 'delete' },
        description: 'Photo clean-up: delete a photo a family no longer holds, with its renditions',
      },
    },
  },
  photoRenditions: {
    definition: 'photoRenditions.asl.json',
    stateMachineEnv: 'PHOTO_RENDITIONS_STATE_MACHINE_ARN',
    description: 'One-off: renditions for the family photos stored before there were any, page by page; resumable',
    tasks: {
      RenditionsPageFunctionArn: {
        entry: 'photoRenditions/renditionsPage',
        uses: { table: 'readWrite', photos: 'write' },
        nativeModules: ['sharp'],
        description: 'Photo renditions: one Scan page, renditions for its photos that have none',
      },
    },
  },
  familyLocations: {
    definition: 'familyLocations.asl.json',
    stateMachineEnv: 'FAMILY_LOCATIONS_STATE_MACHINE_ARN',
    description:
      "The member map's address lookups: a family's after its save, a church's after an import, every church's once; resumable",
    tasks: {
      LocatePageFunctionArn: {
        entry: 'familyLocations/locatePage',
        // Amazon Location's Geocode, and nothing else of it (lib/jobs.ts).
        uses: { table: 'readWrite', geocode: true },
        description: "Address lookups: one family, or one page of a church's or the table's families",
      },
    },
  },
  directoryBook: {
    definition: 'directoryBook.asl.json',
    stateMachineEnv: 'DIRECTORY_BOOK_STATE_MACHINE_ARN',
    description:
      "A church's printed book (the Families page's Download PDF): one at a time per church, followed by the page",
    tasks: {
      RenderFunctionArn: {
        entry: 'directoryBook/render',
        // Writes the parts, the new book and deletes the one it replaces (or a failed run's file).
        uses: { table: 'readWrite', photos: 'read', exports: 'replace' },
        files: ['pdfText'],
        // Lambda's CPU share grows with memory (1 vCPU at 1,769 MB); at the church maximum the
        // plan, each part and the join stay far below it (docs/performance.md, pdf.20000.*).
        memoryMb: 1769,
        // A book's parts run five at a time (the Map's MaxConcurrency): four books at once.
        reservedConcurrency: 20,
        description:
          "Printed book: plan the church's book, render one part of it, or join the parts into the exports bucket; or end a failed run",
      },
    },
  },
  accountCleanup: {
    definition: 'accountCleanup.asl.json',
    stateMachineEnv: 'ACCOUNT_CLEANUP_STATE_MACHINE_ARN',
    description: 'Daily: accounts opened more than a week ago that never proved their address and hold no church',
    everyHours: 24,
    tasks: {
      CleanupPageFunctionArn: {
        entry: 'accountCleanup/cleanupPage',
        // The table: each account's own items go with it (accounts/accountDeletion.ts).
        uses: {
          table: 'readWrite',
          userPool: [
            'cognito-idp:ListUsers',
            'cognito-idp:AdminGetUser',
            'cognito-idp:AdminUserGlobalSignOut',
            'cognito-idp:AdminDeleteUser',
          ],
        },
        description: "Account clean-up: one page of the pool's accounts, the expired unproven ones deleted",
      },
    },
  },
  invitationQueue: {
    definition: 'invitationQueue.asl.json',
    stateMachineEnv: 'INVITATION_QUEUE_STATE_MACHINE_ARN',
    description:
      "Hourly: the invitations imports queued, each church's within its daily cap, the rest on the next days",
    everyHours: 1,
    tasks: {
      SendPageFunctionArn: {
        entry: 'invitationQueue/sendPage',
        uses: { table: 'readWrite', mail: true },
        description: "Invitation queue: the next churches with invitations waiting, each up to its day's room",
      },
    },
  },
  churchExport: {
    definition: 'churchExport.asl.json',
    stateMachineEnv: 'CHURCH_EXPORT_STATE_MACHINE_ARN',
    description: "The church's directory as a CSV file for its administrators (the Import and export page)",
    tasks: {
      ExportFunctionArn: {
        entry: 'churchExport/run',
        // Reads the whole church, writes the file into the exports bucket and the export's record.
        uses: { table: 'readWrite', exports: 'write' },
        description:
          "Export: the church's families, members, groups and privacy choices as one CSV; or end a failed run",
      },
    },
  },
  churchImport: {
    definition: 'churchImport.asl.json',
    stateMachineEnv: 'CHURCH_IMPORT_STATE_MACHINE_ARN',
    description:
      "A church's import from a file (the Import and Export page): its check (the dry run), then its writing, page by page",
    tasks: {
      ImportFunctionArn: {
        entry: 'churchImport/run',
        // Reads the file and keeps the plan beside it; writes the church through its own use cases.
        uses: { table: 'readWrite', exports: 'write', mail: true, starts: ['photoCleanup', 'familyLocations'] },
        // A file at the church maximum (100,000 rows) reads in about half a GB; CPU grows with memory.
        memoryMb: 1769,
        description:
          "Import: check the church's file against its directory, or write a page of the plan; or end a failed run",
      },
    },
  },
} as const satisfies Record<string, JobDef>;

export type JobName = keyof typeof jobs;
