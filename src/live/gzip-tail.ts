import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

/**
 * A gzip stream in two parts (RFC 1951/1952): a prefix shared by many answers, deflated once, and a short tail of
 * each answer's own, appended as stored (uncompressed) deflate blocks. The live board's answer is the same for every
 * member but for their own row; this way the shared part costs one deflate per board version instead of one per
 * member, and each member's answer costs a copy and a CRC of its tail.
 *
 * The prefix ends with a sync flush: byte-aligned, no final block, so blocks may follow it. The tail's blocks never
 * refer back to the prefix (stored blocks refer to nothing), and the last one is final. The trailer's CRC-32 runs on
 * from the prefix's (zlib.crc32 takes the value so far).
 */
export interface GzipPrefix {
  /** The gzip header and the deflated prefix, ending on a sync flush. */
  head: Buffer;
  /** CRC-32 and length of the uncompressed prefix. */
  crc: number;
  length: number;
}

const deflate = promisify(deflateRaw);
/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block holds at most 65,535 bytes. */
const STORED_MAX = 0xffff;

/** Deflates a shared prefix once (off the event loop, in zlib's thread pool). */
export async function gzipPrefix(prefix: Buffer): Promise<GzipPrefix> {
  const body = await deflate(prefix, { finishFlush: constants.Z_SYNC_FLUSH });
  return { head: Buffer.concat([HEADER, body]), crc: crc32(prefix), length: prefix.length };
}

/** The whole gzip stream of prefix + tail: the deflated prefix, the tail in stored blocks, the trailer (one buffer). */
export function gzipWithTail(prefix: GzipPrefix, tail: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(tail.length / STORED_MAX));
  const out = Buffer.allocUnsafe(prefix.head.length + 5 * blocks + tail.length + 8);
  let at = prefix.head.copy(out, 0);
  let offset = 0;
  do {
    const size = Math.min(STORED_MAX, tail.length - offset);
    // BFINAL on the last block, BTYPE 00 (stored); the rest of the byte is padding. Then LEN and its complement.
    out[at] = offset + size >= tail.length ? 1 : 0;
    out.writeUInt16LE(size, at + 1);
    out.writeUInt16LE(~size & 0xffff, at + 3);
    at += 5 + tail.copy(out, at + 5, offset, offset + size);
    offset += size;
  } while (offset < tail.length);
  // zlib.crc32 of nothing answers 0 whatever the value so far.
  out.writeUInt32LE(tail.length ? crc32(tail, prefix.crc) : prefix.crc, at);
  out.writeUInt32LE((prefix.length + tail.length) % 2 ** 32, at + 4);
  return out;
}
