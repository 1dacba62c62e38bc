/**
 * Where the local stack listens and keeps its data. One base port, the rest follow, so a test
 * run can sit beside `npm start` by choosing another base.
 */
import path from 'node:path';

export interface LocalConfig {
  /** Folder for every stand-in's data (SQLite file, S3 objects, Cognito JSON, mailbox). */
  dataDir: string;
  ports: { gateway: number; dynamodb: number; s3: number; cognito: number; geoPlaces: number };
  superAdminEmail: string;
  region: string;
  tableName: string;
  photosBucket: string;
  exportsBucket: string;
  /** Print mails and requests to the terminal. */
  verbose: boolean;
  /**
   * Put fault proxies (lib/local/fault-proxy.ts) between the handlers and DynamoDB and S3, so
   * tests can make those services fail or slow down for a moment (the test stacks do).
   */
  faultProxies: boolean;
  /**
   * How long a photo's read link works (lambdas/photos/photo-links.ts), when not the product's
   * minutes: the tests see a hidden photo's link die in seconds. PHOTO_LINK_SECONDS sets it too.
   */
  photoLinkSeconds: number | null;
}

export function localConfig(
  overrides: Partial<Pick<LocalConfig, 'dataDir' | 'verbose' | 'faultProxies' | 'photoLinkSeconds'>> & {
    basePort?: number;
  } = {},
): LocalConfig {
  const base = overrides.basePort ?? Number(process.env.LOCAL_PORT ?? 4000);
  return {
    dataDir: path.resolve(overrides.dataDir ?? process.env.LOCAL_DATA_DIR ?? '.local'),
    ports: { gateway: base, dynamodb: base + 1, s3: base + 2, cognito: base + 3, geoPlaces: base + 4 },
    superAdminEmail: (process.env.SUPER_ADMIN_EMAIL ?? 'super@directory.local').toLowerCase(),
    region: 'us-east-1',
    tableName: 'church-directory',
    photosBucket: 'church-directory-photos',
    exportsBucket: 'church-directory-exports',
    verbose: overrides.verbose ?? true,
    faultProxies: overrides.faultProxies ?? false,
    photoLinkSeconds:
      overrides.photoLinkSeconds ?? (process.env.PHOTO_LINK_SECONDS ? Number(process.env.PHOTO_LINK_SECONDS) : null),
  };
}

export const gatewayUrl = (c: LocalConfig) => `http://127.0.0.1:${c.ports.gateway}`;
