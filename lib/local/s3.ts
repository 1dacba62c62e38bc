import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayUrl, type LocalConfig } from './config';
import { assertPortFree, startChild, TSX_IMPORT, waitForPort } from './processes';

export async function startS3(config: LocalConfig): Promise<string> {
  const port = config.ports.s3;
  await assertPortFree(port, 'S3 (s3rver)');
  const host = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-host.ts');
  startChild(
    's3rver',
    process.execPath,
    [
      '--openssl-legacy-provider',
      ...TSX_IMPORT,
      host,
      String(port),
      path.join(config.dataDir, 's3'),
      gatewayUrl(config),
      config.photosBucket,
      config.exportsBucket,
    ],
    { verbose: false },
  );
  await waitForPort(port, 's3rver');
  // 127.0.0.1, not localhost: the SDK then uses path-style addressing.
  return `http://127.0.0.1:${port}`;
}
