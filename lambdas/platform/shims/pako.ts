/**
 * Stands in for pako in the Lambda bundles (lib/bundling.ts alias). pdf-lib and its PNG encoder
 * use it only to deflate, which Node's own zlib does natively and several times faster; its
 * 45 KB of JavaScript leave the PDF handler's cold start.
 */
import { deflateSync } from 'node:zlib';

export const deflate = (data: Uint8Array, options?: { level?: number }): Uint8Array =>
  deflateSync(data, options?.level === undefined ? {} : { level: options.level });

export default { deflate };
