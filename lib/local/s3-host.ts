/**
 * Runs s3rver in its own process (started with --openssl-legacy-provider, which its paginated
 * ListObjectsV2 needs on Node 20). Buckets get CORS for the gateway's origin so the browser can
 * upload with presigned URLs.
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

await new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [cors] })),
}).run();
