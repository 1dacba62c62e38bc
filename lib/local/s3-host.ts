/**
 * Runs s3rver in its own process (started with --openssl-legacy-provider, which its paginated
 * ListObjectsV2 needs on Node 20). Buckets get CORS for the gateway's origin so the browser can
 * upload with presigned URLs. Every object event s3rver emits (S3's own notification format) is
 * posted to the gateway, which invokes the Lambdas that S3 would (lib/local/s3-events.ts).
 *
 * Multipart uploads as strict as S3's where the product uses them (the book's join,
 * lambdas/book/directoryPdf.ts): UploadPartCopy, which s3rver lacks, is served here (the source
 * read from s3rver, sent to it as the part), and completing an upload any of whose parts but the
 * last is under 5 MiB fails with S3's EntityTooSmall.
 *
 * Unsigned requests are refused and presigned ones checked as S3 checks them (s3-door.ts).
 */
import { randomBytes } from 'node:crypto';
import S3rver, { type S3rverContext as Context } from 's3rver';
import { INTERNAL_HEADER, s3Door } from './s3-door';

const [port, directory, origin, ...buckets] = process.argv.slice(2);
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [cors] })),
});
/** S3's smallest part, but for the last. */
const MIN_PART = 5 * 1024 * 1024;
/** Each upload's parts: number → size. */
const uploads = new Map<string, Map<number, number>>();
const self = `http://127.0.0.1:${port}`;
/** Marks this host's own requests to s3rver, which the door lets through unsigned. */
const internal = { [INTERNAL_HEADER]: randomBytes(16).toString('hex') };
const xml = (ctx: Context, status: number, body: string) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
};

async function multipartRules(ctx: Context, next: () => Promise<unknown>) {
  const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
  const partNumber = Number(ctx.query.partNumber);
  if (!uploadId) return next();
  const parts = uploads.get(uploadId) ?? new Map<number, number>();
  uploads.set(uploadId, parts);
  if (ctx.method === 'PUT' && partNumber > 0) {
    const source = ctx.get('x-amz-copy-source');
    if (!source) {
      parts.set(partNumber, Number(ctx.get('content-length')));
      return next();
    }
    // UploadPartCopy: the source object (or the range asked for) becomes the part.
    const range = ctx.get('x-amz-copy-source-range');
    const got = await fetch(`${self}/${encodeURI(decodeURIComponent(source).replace(/^\//, ''))}`, {
      headers: range ? { range, ...internal } : internal,
    });
    if (!got.ok) return xml(ctx, got.status, await got.text());
    const bytes = Buffer.from(await got.arrayBuffer());
    const put = await fetch(`${self}${ctx.path}?partNumber=${partNumber}&uploadId=${uploadId}`, {
      method: 'PUT',
      headers: internal,
      body: bytes,
    });
    if (!put.ok) return xml(ctx, put.status, await put.text());
    parts.set(partNumber, bytes.length);
    return xml(
      ctx,
      200,
      `<CopyPartResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${put.headers.get('etag')}</ETag></CopyPartResult>`,
    );
  }
  if (ctx.method === 'POST') {
    // CompleteMultipartUpload: every part but the last at least 5 MiB.
    const numbers = [...parts.keys()].sort((a, b) => a - b);
    const small = numbers.slice(0, -1).find((n) => parts.get(n)! < MIN_PART);
    if (small !== undefined)
      return xml(
        ctx,
        400,
        `<Error><Code>EntityTooSmall</Code><Message>Your proposed upload is smaller than the minimum allowed object size.</Message><ProposedSize>${parts.get(small)}</ProposedSize><MinSizeAllowed>${MIN_PART}</MinSizeAllowed><PartNumber>${small}</PartNumber></Error>`,
      );
    await next();
    if (ctx.status === 200) uploads.delete(uploadId);
    return;
  }
  if (ctx.method === 'DELETE') uploads.delete(uploadId);
  return next();
}
// First, before s3rver's own routes (Koa composes its middleware when the server starts): the door, then the rules.
server.middleware.unshift(s3Door(internal[INTERNAL_HEADER]), multipartRules);

server.on('event', (event) => {
  // The gateway may not listen yet while the stack starts (nothing is uploaded then): a lost event is only logged.
  fetch(`${origin}/_local/s3/events`, { method: 'POST', body: JSON.stringify(event) }).catch((error: unknown) =>
    console.error('s3rver: event not delivered to the gateway:', error),
  );
});
await server.run();
