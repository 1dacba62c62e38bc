/**
 * Runs s3rver in its own process (started with --openssl-legacy-provider, which its paginated
 * ListObjectsV2 needs on Node 20). Buckets get CORS for the gateway's origin so the browser can
 * upload with presigned URLs. Every object event s3rver emits (S3's own notification format) is
 * posted to the gateway, which invokes the Lambdas that S3 would (lib/local/s3-events.ts).
 */
import S3rver from 's3rver';

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
server.on('event', (event) => {
  // The gateway may not listen yet while the stack starts (nothing is uploaded then): a lost event is only logged.
  fetch(`${origin}/_local/s3/events`, { method: 'POST', body: JSON.stringify(event) }).catch((error: unknown) =>
    console.error('s3rver: event not delivered to the gateway:', error),
  );
});
await server.run();
