import type { DecoderCounts, FrameLayout, Reading } from './types';

/** Bytes kept while waiting for the rest of a frame; anything beyond is noise already. */
const MAX_PENDING = 256;

/**
 * A stream decoder over one frame layout. Bytes arrive in chunks of any size (a TCP read may cut a
 * frame anywhere); a frame is read only once all its bytes are there and its checks pass. A start
 * byte whose frame fails is counted as rejected and the search resumes at the next byte, so a
 * partial frame followed by a whole one loses only the partial one.
 */
export class StreamDecoder {
  readonly counts: DecoderCounts = { accepted: 0, rejected: 0 };
  private pending: Uint8Array = new Uint8Array(0);

  constructor(private readonly layout: FrameLayout) {}

  push(chunk: Uint8Array): Reading[] {
    const buf = concat(this.pending, chunk);
    const { start, length, parse } = this.layout;
    const out: Reading[] = [];
    let i = 0;
    while (i < buf.length) {
      if (buf[i] !== start) { i++; continue; }
      if (buf.length - i < length) break;
      const frame = buf.subarray(i, i + length);
      const reading = parse(frame);
      if (reading) {
        out.push({ ...reading, raw: frame.slice() });
        this.counts.accepted++;
        i += length;
      } else {
        this.counts.rejected++;
        i++;
      }
    }
    const rest = buf.subarray(Math.min(i, buf.length));
    this.pending = rest.length > MAX_PENDING ? rest.slice(rest.length - MAX_PENDING) : rest.slice();
    return out;
  }

  /** Forgets a partial frame (after a reconnect the stream starts over). */
  reset(): void {
    this.pending = new Uint8Array(0);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
