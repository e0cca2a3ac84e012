/**
 * The simulated market's randomness: a keyed pseudo-random function from node:crypto, so that
 * nobody without the installation's secret can compute any of its values, however many of its
 * outputs (recorded prices) they have seen and however well they know this code.
 *
 * Each component of the market (the move all coins share, each coin's own) has its own AES-256
 * key: HMAC-SHA256(secret, KEY_LABEL ‖ component name). Random values come in pairs: AES-256
 * of a 16-byte block that names them, [kind, octave, six zero bytes, index as a signed 64-bit
 * big-endian integer], whose two 8-byte halves give two values. Distinct (kind, octave, index)
 * give distinct blocks, and AES under a secret key is a pseudo-random permutation, so to
 * anyone without the key the values are independent and uniform. ECB is the right mode here,
 * not a weakness: no block ever repeats under one key and nothing is hidden inside a block;
 * it lets one cipher call compute thousands of values.
 */
import { createCipheriv, createHmac, type Cipher } from 'node:crypto';

/** What a random value is for: the first byte of its block. */
export const PRF_KIND = {
  /** Lattice values of one octave of noise: block n holds cells 2n and 2n + 1. */
  lattice: 1,
  /** An octave's phase offset (index 0, the first value). */
  phase: 2,
  /** The hourly volume noise; the index is the hour since 1970 (the first value). */
  volume: 3,
  /** The per-second jitter of a ticker's quantities; the index is the second (first value). */
  jitter: 4,
  /** A coin's fixed parameters: block n holds parameters 2n and 2n + 1. */
  params: 5,
} as const;
export type PrfKind = (typeof PRF_KIND)[keyof typeof PRF_KIND];

const BLOCK_BYTES = 16;
const TWO_POW_21 = 2_097_152;
const TWO_POW_32 = 4_294_967_296;
const TWO_POW_53 = 9_007_199_254_740_992;
/** Part of the key derivation: changing it changes every price. */
const KEY_LABEL = 'tradewallet/simulated-market/v1\u0000';
/** Blocks in one batch at most: a 24 h window of 1,440 minutes needs about 12,200. */
export const MAX_BATCH_BLOCKS = 65_536;

/**
 * The blocks of one batch, written in place: push the blocks wanted, then `uniforms` answers
 * their values, two per block in the order pushed, from one cipher call.
 */
export class PrfBatch {
  private bytes: Uint8Array;
  count = 0;

  constructor(capacityBlocks = 64) {
    if (!(capacityBlocks >= 1 && capacityBlocks <= MAX_BATCH_BLOCKS)) {
      throw new RangeError('PRF batch capacity out of range');
    }
    this.bytes = new Uint8Array(capacityBlocks * BLOCK_BYTES);
  }

  /** Adds the block of (kind, octave, index); answers its position in the batch. */
  push(kind: PrfKind, octave: number, index: number): number {
    if (!Number.isSafeInteger(index)) throw new RangeError(`PRF index must be a safe integer`);
    if (this.count * BLOCK_BYTES === this.bytes.length) this.grow();
    const bytes = this.bytes;
    const offset = this.count * BLOCK_BYTES;
    // Bytes 2..7 stay zero: the buffer is zeroed when made and these bytes are never written.
    bytes[offset] = kind;
    bytes[offset + 1] = octave;
    // A safe integer as a signed 64-bit big-endian value: the high word in two's complement
    // (>>> takes it modulo 2^32), then the low word, which is in [0, 2^32).
    const high = Math.floor(index / TWO_POW_32) >>> 0;
    const low = index - Math.floor(index / TWO_POW_32) * TWO_POW_32;
    bytes[offset + 8] = high >>> 24;
    bytes[offset + 9] = (high >>> 16) & 0xff;
    bytes[offset + 10] = (high >>> 8) & 0xff;
    bytes[offset + 11] = high & 0xff;
    bytes[offset + 12] = low >>> 24;
    bytes[offset + 13] = (low >>> 16) & 0xff;
    bytes[offset + 14] = (low >>> 8) & 0xff;
    bytes[offset + 15] = low & 0xff;
    this.count += 1;
    return this.count - 1;
  }

  /** The written blocks, for the cipher. */
  input(): Uint8Array {
    return this.bytes.subarray(0, this.count * BLOCK_BYTES);
  }

  private grow(): void {
    const current = this.bytes.length / BLOCK_BYTES;
    const blocks = Math.min(current * 2, MAX_BATCH_BLOCKS);
    if (blocks <= current) throw new RangeError('PRF batch too large');
    const bytes = new Uint8Array(blocks * BLOCK_BYTES);
    bytes.set(this.bytes);
    this.bytes = bytes;
  }
}

/** The pseudo-random function of one component of the market. */
export interface ComponentPrf {
  /**
   * Two uniform values in [0, 1) for each block of the batch, in order: block i's are at
   * 2i and 2i + 1.
   */
  uniforms(batch: PrfBatch): Float64Array;
  /** The first uniform value in [0, 1) of one block. */
  uniform(kind: PrfKind, octave: number, index: number): number;
}

/** The component's key: HMAC-SHA256 of its name under the secret. */
function componentKey(secret: Uint8Array, component: string): Buffer {
  return createHmac('sha256', secret).update(KEY_LABEL).update(component, 'utf8').digest();
}

export function createComponentPrf(secret: Uint8Array, component: string): ComponentPrf {
  // One long-lived ECB cipher without padding: every update of whole blocks answers exactly
  // those blocks encrypted, so it is reused for every batch (final() is never called).
  const cipher: Cipher = createCipheriv('aes-256-ecb', componentKey(secret, component), null);
  cipher.setAutoPadding(false);

  function uniforms(batch: PrfBatch): Float64Array {
    const out = new Float64Array(batch.count * 2);
    if (batch.count === 0) return out;
    const encrypted = cipher.update(batch.input());
    if (encrypted.length !== batch.count * BLOCK_BYTES) {
      throw new Error('The cipher answered a different number of blocks');
    }
    const view = new DataView(encrypted.buffer, encrypted.byteOffset, encrypted.byteLength);
    for (let i = 0; i < out.length; i += 1) {
      // The first 53 bits of each 8-byte half as a fraction: every double of [0, 1) on that
      // grid, equally likely.
      const high = view.getUint32(i * 8, false);
      const low = view.getUint32(i * 8 + 4, false) >>> 11;
      out[i] = (high * TWO_POW_21 + low) / TWO_POW_53;
    }
    return out;
  }

  function uniform(kind: PrfKind, octave: number, index: number): number {
    const batch = new PrfBatch(1);
    batch.push(kind, octave, index);
    return uniforms(batch)[0]!;
  }

  return { uniforms, uniform };
}
