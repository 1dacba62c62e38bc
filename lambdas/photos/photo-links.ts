/**
 * Read links of stored photos: presigned S3 GETs that die within minutes, so that a photo hidden
 * from a viewer, or replaced, is unreadable through the links handed out before (issue 30).
 *
 * Why short links rather than a new key at each change of visibility: a photo leaves a viewer's
 * sight in many ways (the family's level or the church's default narrowed, the family left out
 * of the directory, the viewer leaving a group, their account removed, a replaced photo whose
 * clean-up failed), and a link that dies by itself closes every one of them, those to come
 * included, with no code on any write path and no copies of hidden photos. CloudFront signed
 * URLs would revoke nothing sooner (they expire the same way) and would put a distribution and
 * a key pair in front of the bucket, with no local stand-in.
 *
 * A link is signed at the start of a step of half its lifetime, so it stays the same URL for the
 * step (one signature per container, step and photo), and every link handed out works for at
 * least half the lifetime (a page's lazy images) and at most the whole of it. Each link asks S3
 * to answer with a long, private, immutable Cache-Control (an object at a key never changes: a
 * new photo gets a new key), so the browser keeps the bytes under the link it loaded; the SPA
 * shows a photo through the link it loaded it with while the server still hands out links for
 * it (web/src/lib/photoLinks.ts), so a link that changes every few minutes costs no download.
 */
import { attachmentDisposition } from '../platform/contentDisposition';
import { env } from '../platform/env';
import { presignS3 } from '../platform/aws/s3-presign';

/** How long a read link works, at most: a hidden or replaced photo is unreadable this long after. */
export const LINK_SECONDS = 5 * 60;

/** How long the browser may keep a photo's bytes without asking again: the SPA reuses the link it loaded. */
export const BROWSER_CACHE_SECONDS = 7 * 24 * 3600;
const CACHE_CONTROL = `private, max-age=${BROWSER_CACHE_SECONDS}, immutable`;

/**
 * The lifetime in force: LINK_SECONDS, or PHOTO_LINK_SECONDS where a local stack sets it (the
 * tests prove a link's end in seconds, not minutes). Unset in AWS.
 */
export function linkSeconds(): number {
  const set = Number(process.env.PHOTO_LINK_SECONDS);
  return Number.isInteger(set) && set >= 2 ? set : LINK_SECONDS;
}

/**
 * Links of the current step are kept (the next step's first request starts afresh): a page of
 * families signs each photo once per container and step, not once per visit (about 0.15 ms of
 * HMACs each). At most MAX_KEPT, so a large church cannot grow a container's memory without bound.
 */
const MAX_KEPT = 20_000;
let keptStep = 0;
const kept = new Map<string, Promise<string>>();

export function presignRead(
  key: string,
  now: number,
  download?: { fileName: string; contentType: string },
): Promise<string> {
  const lifetime = linkSeconds();
  const stepMs = (lifetime * 1000) / 2;
  const step = Math.floor(now / stepMs) * stepMs;
  if (step !== keptStep || kept.size >= MAX_KEPT) {
    kept.clear();
    keptStep = step;
  }
  const keptAs = download ? `${key}\n${download.fileName}` : key;
  let url = kept.get(keptAs);
  if (!url) {
    url = presignS3('GET', env('PHOTOS_BUCKET'), key, {
      expiresIn: lifetime,
      signingDate: new Date(step),
      query: {
        'response-cache-control': CACHE_CONTROL,
        // A file to save (a study's PDF) is saved under its name, whatever its key.
        ...(download && {
          'response-content-disposition': attachmentDisposition(download.fileName),
          'response-content-type': download.contentType,
        }),
      },
    });
    url.catch(() => kept.delete(keptAs));
    kept.set(keptAs, url);
  }
  return url;
}
