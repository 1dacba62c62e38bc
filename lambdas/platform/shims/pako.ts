/**
 * Stands in for pako in the Lambda bundles (lib/bundling.ts alias): pdf-lib compresses its
 * streams with pako.deflate; Node's own zlib does the same without ~46 KB of JavaScript.
 */
import { deflateSync, inflateSync } from 'node:zlib';

const deflate = (data: Uint8Array) => new Uint8Array(deflateSync(data));
const inflate = (data: Uint8Array) => new Uint8Array(inflateSync(data));

export { deflate, inflate };
export default { deflate, inflate };
