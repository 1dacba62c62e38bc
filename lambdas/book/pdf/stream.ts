/**
 * A part of a book (render.ts) written out as the bytes of its objects, in chunks, instead of one
 * buffer: its size and each object's offset are known first (so an upload can declare its
 * Content-Length, and the join can write the cross-reference table, xref.ts), then the bytes come
 * in chunks of about 1 MB (a photo as its own bytes, uncopied), each object let go once written.
 * Each object is laid out as pdf-lib's PDFWriter lays it out ('n 0 obj', the object, 'endobj');
 * test/unit/pdf.test.ts reads every one back at its offset.
 */
import { PDFRawStream, type PDFContext, type PDFHeader, type PDFObject, type PDFRef } from 'pdf-lib';

const CHUNK = 1 << 20;
/** A stream this large (a photo) is handed on as its own bytes, not copied into a chunk. */
const PASS_THROUGH = 64 * 1024;
const encoder = new TextEncoder();
const OPEN_STREAM = '\nstream\n';
const CLOSE_STREAM = '\nendstream';
const CLOSE = '\nendobj\n\n';

export interface ObjectsStream {
  /** The bytes' exact length. */
  size: number;
  /** Each object's offset from the first byte, by object number. */
  offsets: Map<number, number>;
  /** The bytes, in order. Consumes the context's objects: they cannot be written twice. */
  chunks: AsyncIterable<Uint8Array>;
}

const opening = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber} obj\n`;

/** The context's objects in object number order, after `header` when given (the file's first part). */
export function writeObjects(context: PDFContext, header: PDFHeader | null): ObjectsStream {
  const objects: ([PDFRef, PDFObject] | null)[] = context.enumerateIndirectObjects();
  const offsets = new Map<number, number>();
  let size = header ? header.sizeInBytes() + 2 : 0;
  for (const [ref, object] of objects as [PDFRef, PDFObject][]) {
    offsets.set(ref.objectNumber, size);
    size += opening(ref).length + object.sizeInBytes() + CLOSE.length;
  }

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

    if (header) {
      yield* room(header.sizeInBytes() + 2);
      offset += header.copyBytesInto(buffer, offset);
      text('\n\n');
    }
    for (let i = 0; i < objects.length; i++) {
      const [ref, object] = objects[i]!;
      if (written + offset !== offsets.get(ref.objectNumber)) throw new Error(`Object ${ref.objectNumber} misplaced`);
      if (object instanceof PDFRawStream && object.contents.length >= PASS_THROUGH) {
        // As PDFStream.copyBytesInto lays it out: dict, 'stream', the contents, 'endstream'; the
        // contents handed on as they are.
        object.updateDict();
        yield* room(opening(ref).length + object.dict.sizeInBytes() + OPEN_STREAM.length);
        text(opening(ref));
        offset += object.dict.copyBytesInto(buffer, offset);
        text(OPEN_STREAM);
        written += offset;
        yield buffer.subarray(0, offset);
        buffer = new Uint8Array(CHUNK);
        offset = 0;
        written += object.contents.length;
        yield object.contents;
        text(CLOSE_STREAM + CLOSE);
      } else {
        yield* room(opening(ref).length + object.sizeInBytes() + CLOSE.length);
        text(opening(ref));
        offset += object.copyBytesInto(buffer, offset);
        text(CLOSE);
      }
      // Written: let the object (a photo's bytes, a page's content) go.
      objects[i] = null;
      context.delete(ref);
    }
    written += offset;
    if (written !== size) throw new Error(`Objects written as ${written} bytes, planned as ${size}`);
    if (offset > 0) yield buffer.subarray(0, offset);
  }

  return { size, offsets, chunks: chunks() };
}

/** Every chunk in one buffer (tests, small documents). */
export async function collect(stream: { size: number; chunks: AsyncIterable<Uint8Array> }): Promise<Uint8Array> {
  const bytes = new Uint8Array(stream.size);
  let offset = 0;
  for await (const chunk of stream.chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  if (offset !== stream.size) throw new Error(`${offset} bytes collected of ${stream.size}`);
  return bytes;
}
