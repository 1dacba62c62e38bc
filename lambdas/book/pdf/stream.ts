/**
 * A pdf-lib document written out in pieces instead of one buffer. pdf-lib's save() builds the
 * whole file in memory while every photo is still held by the document: a 1,000-family
 * directory (~270 MB of photos) then needs twice that. Here the size is known first (so an
 * upload can declare its Content-Length), the bytes come in chunks of about 1 MB (a photo as its
 * own bytes, uncopied), and each object is let go once written, so photos are freed as the
 * upload goes.
 * The bytes are exactly pdf-lib's PDFWriter's (classic cross-reference table, no object
 * streams): test/unit/pdf.test.ts compares them.
 */
import { PDFRawStream, PDFWriter, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import { LazyStream } from './images';

const CHUNK = 1 << 20;
/** A stream this large (a photo) is handed on as its own bytes, not copied into a chunk. */
const PASS_THROUGH = 64 * 1024;
/** Lazy photos fetched ahead of the one being written: hides S3's latency, holds only a few. */
const LOOK_AHEAD = 16;
const encoder = new TextEncoder();

/** PDFWriter's own size plan, reached through a subclass (it is protected there). */
class PlannedWriter extends PDFWriter {
  static of(context: PDFContext) {
    // objectsPerTick only paces pdf-lib's own loops; ours never yields to it.
    return new PlannedWriter(context, Number.MAX_SAFE_INTEGER);
  }
  plan() {
    return this.computeBufferSize();
  }
}

export interface PdfStream {
  /** The file's exact length in bytes. */
  size: number;
  /** The file, in order. Consumes the document: it cannot be written twice. */
  chunks: AsyncIterable<Uint8Array>;
}

export async function streamPdf(context: PDFContext): Promise<PdfStream> {
  const plan = await PlannedWriter.of(context).plan();
  const { size, header, indirectObjects, trailer } = plan;
  const [xref, trailerDict] = [plan.xref!, plan.trailerDict!];
  if (!xref || !trailerDict) throw new Error('pdf-lib planned no cross-reference table');
  const objects: ([PDFRef, PDFObject] | null)[] = indirectObjects;
  // In writing order, like the objects; each dropped once written.
  const lazy: (LazyStream | null)[] = indirectObjects
    .map(([, o]) => o)
    .filter((o): o is LazyStream => o instanceof LazyStream);
  let lazyWritten = 0;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    let buffer = new Uint8Array(CHUNK);
    let offset = 0;
    let written = 0;
    const text = (s: string) => {
      offset += encoder.encodeInto(s, buffer.subarray(offset)).written;
    };
    /** Room for `need` bytes: the current chunk, a fresh one, or one of exactly that size. */
    function* room(need: number): Generator<Uint8Array> {
      if (offset + need <= buffer.length) return;
      if (offset > 0) {
        written += offset;
        yield buffer.subarray(0, offset);
      }
      buffer = new Uint8Array(Math.max(CHUNK, need));
      offset = 0;
    }

    yield* room(header.sizeInBytes() + 2);
    offset += header.copyBytesInto(buffer, offset);
    text('\n\n');
    for (let i = 0; i < objects.length; i++) {
      const [ref, object] = objects[i]!;
      const opening = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
      const lazyStream = object instanceof LazyStream ? object : null;
      const passThrough = object instanceof PDFRawStream && object.contents.length >= PASS_THROUGH ? object : null;
      const stream = lazyStream ?? passThrough;
      if (stream) {
        // As PDFStream.copyBytesInto lays it out: dict, 'stream', the contents, 'endstream'; the
        // contents handed on as they are. A lazy stream's bytes come only now, fetched a few
        // ahead, each let go once handed on.
        const at = lazyStream ? lazyWritten++ : -1;
        if (lazyStream) for (const next of lazy.slice(at, at + LOOK_AHEAD)) next?.start();
        stream.updateDict();
        yield* room(opening.length + stream.dict.sizeInBytes() + 8);
        text(opening);
        offset += stream.dict.copyBytesInto(buffer, offset);
        text('\nstream\n');
        written += offset;
        yield buffer.subarray(0, offset);
        buffer = new Uint8Array(CHUNK);
        offset = 0;
        const contents = lazyStream ? (await lazyStream.take()).bytes : passThrough!.contents;
        if (lazyStream) lazy[at] = null;
        written += contents.length;
        yield contents;
        text('\nendstream\nendobj\n\n');
      } else {
        yield* room(opening.length + object.sizeInBytes() + 9);
        text(opening);
        offset += object.copyBytesInto(buffer, offset);
        text('\nendobj\n\n');
      }
      // Written: let the object (a photo's bytes, a page's content) go.
      objects[i] = null;
      context.delete(ref);
    }
    yield* room(xref.sizeInBytes() + 1 + trailerDict.sizeInBytes() + 2 + trailer.sizeInBytes());
    offset += xref.copyBytesInto(buffer, offset);
    text('\n');
    offset += trailerDict.copyBytesInto(buffer, offset);
    text('\n\n');
    offset += trailer.copyBytesInto(buffer, offset);
    written += offset;
    if (written !== size) throw new Error(`PDF written as ${written} bytes, planned as ${size}`);
    yield buffer.subarray(0, offset);
  }

  return { size, chunks: chunks() };
}

/** The whole file in one buffer (tests, small documents). */
export async function collect(stream: PdfStream): Promise<Uint8Array> {
  const bytes = new Uint8Array(stream.size);
  let offset = 0;
  for await (const chunk of stream.chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
