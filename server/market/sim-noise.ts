/**
 * The smooth noise the simulated market's log-prices are made of: for each component (the
 * move all coins share, each coin's own), a sum of octaves of value noise. Each octave has
 * random values from the component's keyed PRF (sim-prf.ts) on a lattice of period T (1 s …
 * ~11.6 days), interpolated with Catmull-Rom splines; its amplitude grows with √T, like a
 * random walk's spread, and it is bounded, so the sum stays in a band forever.
 *
 * Two ways in, which compute the same numbers (the same lattice values, the same arithmetic in
 * the same order): `noiseAt` for one second, which keeps each octave's recent lattice values
 * in a small cache, so that second after second costs one cipher call every few seconds; and
 * `noiseAtMany` for many seconds at once (a 24 h window of minutes), which asks for every
 * lattice value it needs exactly once, in one cipher call.
 */
import {
  createComponentPrf,
  MAX_BATCH_BLOCKS,
  PRF_KIND,
  PrfBatch,
  type ComponentPrf,
} from './sim-prf';

/** Noise periods in seconds, ~×3.2 apart, from one second to ~11.6 days. */
const OCTAVE_PERIODS_S = [
  1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000,
] as const;
const OCTAVES = OCTAVE_PERIODS_S.length;
/** Octave amplitudes grow with √T (sqrt is correctly rounded, so the same everywhere). */
const SQRT_PERIODS = OCTAVE_PERIODS_S.map((period) => Math.sqrt(period));
/**
 * Seconds the noise answers for: ±2^40 s (about ±35,000 years) keeps every lattice index and
 * phase sum an exact integer.
 */
const MAX_ABS_SECOND = 2 ** 40;

/**
 * The cache keeps lattice values in aligned runs ("segments") of this many cells (an even
 * number: a PRF block holds two cells)…
 */
const SEGMENT_CELLS = 8;
const SEGMENT_BLOCKS = SEGMENT_CELLS / 2;
/**
 * …and this many segments per octave: a second needs at most two per octave, and a 24 h
 * ticker asks about two places (now and 24 h ago) while the recorder asks about now.
 */
const SEGMENT_SLOTS = 6;

/** One component of the log-price: its PRF, its octaves' phases and its lattice cache. */
export interface NoiseComponent {
  readonly prf: ComponentPrf;
  /** Per-octave phase offsets, so the octaves' lattices do not line up. */
  readonly phases: Float64Array;
  /** Per octave and slot: the segment index held, NaN when empty. */
  readonly segments: Float64Array;
  /** Per octave, slot and cell: the lattice values in [-1, 1). */
  readonly cells: Float64Array;
  /** Per octave: the slot the next missing segment replaces. */
  readonly victims: Uint8Array;
}

/**
 * A component named `name` under `secret`, and `extra` more uniform values in [0, 1) from
 * its PRF (a coin's fixed parameters).
 */
export function createNoiseComponent(
  secret: Uint8Array,
  name: string,
  extra = 0,
): { component: NoiseComponent; extra: Float64Array } {
  const prf = createComponentPrf(secret, name);
  const extraBlocks = Math.ceil(extra / 2);
  const batch = new PrfBatch(OCTAVES + extraBlocks);
  for (let octave = 0; octave < OCTAVES; octave += 1) batch.push(PRF_KIND.phase, octave, 0);
  for (let i = 0; i < extraBlocks; i += 1) batch.push(PRF_KIND.params, 0, i);
  const values = prf.uniforms(batch);
  const phases = new Float64Array(OCTAVES);
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    const period = OCTAVE_PERIODS_S[octave]!;
    // The first value of the octave's phase block.
    phases[octave] = period === 1 ? 0 : Math.floor(values[octave * 2]! * period);
  }
  const component: NoiseComponent = {
    prf,
    phases,
    segments: new Float64Array(OCTAVES * SEGMENT_SLOTS).fill(Number.NaN),
    cells: new Float64Array(OCTAVES * SEGMENT_SLOTS * SEGMENT_CELLS),
    victims: new Uint8Array(OCTAVES),
  };
  return { component, extra: values.slice(OCTAVES * 2, OCTAVES * 2 + extra) };
}

function checkSecond(second: number): void {
  if (!Number.isInteger(second)) throw new RangeError('second must be a whole number');
  if (Math.abs(second) > MAX_ABS_SECOND) throw new RangeError('second is out of range');
}

/** Catmull-Rom between p1 and p2 at t in [0, 1): through the values, with a continuous slope. */
function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  return (
    0.5 *
    (2 * p1 +
      (p2 - p0) * t +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t +
      (3 * p1 - p0 - 3 * p2 + p3) * t * t * t)
  );
}

/**
 * The lattice cell an octave is in at a second (its phase added); it reads the values of
 * cells cell − 1 … cell + 2, except octave 0 (period 1 s), which reads its cell's alone.
 * Plain numbers, no objects: these run for every octave of every second asked for.
 */
function cellOf(octave: number, phase: number, second: number): number {
  return Math.floor((second + phase) / OCTAVE_PERIODS_S[octave]!);
}

/** Where in its cell the octave is at the second: t in [0, 1). */
function positionIn(octave: number, phase: number, second: number, cell: number): number {
  const period = OCTAVE_PERIODS_S[octave]!;
  return (second + phase - cell * period) / period;
}

/** Octave 0 reads one lattice value at the second itself, with no interpolation. */
const isPointOctave = (octave: number) => OCTAVE_PERIODS_S[octave] === 1;

// Scratch of `noiseAt`, reused call after call (JavaScript runs one call at a time).
const slotOfCell = new Int32Array(OCTAVES * 4);
const pending = new PrfBatch(OCTAVES * 2 * SEGMENT_BLOCKS);
const pendingSlots = new Int32Array(OCTAVES * 2);

/** The slot of `segment` in the octave's cache, or −1. */
function findSlot(c: NoiseComponent, octave: number, segment: number): number {
  for (let slot = 0; slot < SEGMENT_SLOTS; slot += 1) {
    if (c.segments[octave * SEGMENT_SLOTS + slot] === segment) return slot;
  }
  return -1;
}

/**
 * Makes sure the octave's cache holds `segment` (queueing its cells in `pending` when it does
 * not), never evicting slot `keep`; answers its slot.
 */
function claimSlot(c: NoiseComponent, octave: number, segment: number, keep: number): number {
  const found = findSlot(c, octave, segment);
  if (found >= 0) return found;
  let slot = c.victims[octave]!;
  if (slot === keep) slot = (slot + 1) % SEGMENT_SLOTS;
  c.victims[octave] = (slot + 1) % SEGMENT_SLOTS;
  c.segments[octave * SEGMENT_SLOTS + slot] = segment;
  pendingSlots[pending.count / SEGMENT_BLOCKS] = octave * SEGMENT_SLOTS + slot;
  for (let i = 0; i < SEGMENT_BLOCKS; i += 1) {
    pending.push(PRF_KIND.lattice, octave, segment * SEGMENT_BLOCKS + i);
  }
  return slot;
}

/**
 * The component's noise at whole second `second`, for a per-second volatility of 1: the sum
 * of the octaves, each with amplitude √T. Lattice values come from the cache; the missing
 * segments of all octaves are computed together in one cipher call.
 */
export function noiseAt(c: NoiseComponent, second: number): number {
  checkSecond(second);
  pending.count = 0;
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    const cell = cellOf(octave, c.phases[octave]!, second);
    const from = isPointOctave(octave) ? cell : cell - 1;
    const to = isPointOctave(octave) ? cell : cell + 2;
    const firstSegment = Math.floor(from / SEGMENT_CELLS);
    const lastSegment = Math.floor(to / SEGMENT_CELLS);
    const firstSlot = claimSlot(c, octave, firstSegment, -1);
    const lastSlot =
      lastSegment === firstSegment ? firstSlot : claimSlot(c, octave, lastSegment, firstSlot);
    for (let n = from; n <= to; n += 1) {
      const slot = Math.floor(n / SEGMENT_CELLS) === firstSegment ? firstSlot : lastSlot;
      slotOfCell[octave * 4 + (n - from)] =
        (octave * SEGMENT_SLOTS + slot) * SEGMENT_CELLS +
        (n - Math.floor(n / SEGMENT_CELLS) * SEGMENT_CELLS);
    }
  }
  if (pending.count > 0) {
    let values: Float64Array;
    try {
      values = c.prf.uniforms(pending);
    } catch (error) {
      // The claimed slots hold no values yet: empty them rather than answer stale ones later.
      for (let s = 0; s < pending.count / SEGMENT_BLOCKS; s += 1) {
        c.segments[pendingSlots[s]!] = Number.NaN;
      }
      throw error;
    }
    // A segment's blocks are consecutive, so its cells' values are too, in cell order.
    for (let s = 0; s < pending.count / SEGMENT_BLOCKS; s += 1) {
      const base = pendingSlots[s]! * SEGMENT_CELLS;
      for (let i = 0; i < SEGMENT_CELLS; i += 1) {
        c.cells[base + i] = values[s * SEGMENT_CELLS + i]! * 2 - 1;
      }
    }
  }
  let total = 0;
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    const at = octave * 4;
    if (isPointOctave(octave)) {
      total += SQRT_PERIODS[octave]! * c.cells[slotOfCell[at]!]!;
      continue;
    }
    const phase = c.phases[octave]!;
    const t = positionIn(octave, phase, second, cellOf(octave, phase, second));
    const value = catmullRom(
      c.cells[slotOfCell[at]!]!,
      c.cells[slotOfCell[at + 1]!]!,
      c.cells[slotOfCell[at + 2]!]!,
      c.cells[slotOfCell[at + 3]!]!,
      t,
    );
    total += SQRT_PERIODS[octave]! * value;
  }
  return total;
}

/**
 * The component's noise at each of `seconds` (whole, ascending), equal to `noiseAt` of each.
 * Every lattice value they need is asked for once, all in one batch; neighbouring seconds
 * share most of them. The cache is neither read nor changed.
 */
export function noiseAtMany(c: NoiseComponent, seconds: ArrayLike<number>): Float64Array {
  const count = seconds.length;
  for (let i = 0; i < count; i += 1) {
    checkSecond(seconds[i]!);
    if (i > 0 && seconds[i]! < seconds[i - 1]!) throw new RangeError('seconds must ascend');
  }
  const batch = new PrfBatch(Math.min(count * 5 + OCTAVES * 2, MAX_BATCH_BLOCKS));
  // For each (octave, second): where its first lattice value is among the batch's values.
  const first = new Int32Array(OCTAVES * count);
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    // The highest block (pair of cells) pushed for this octave, and its position in the
    // batch: the blocks pushed since the last gap are consecutive, so any of them is found
    // from it.
    let lastPair = Number.NEGATIVE_INFINITY;
    let lastPairAt = -1;
    const point = isPointOctave(octave);
    const phase = c.phases[octave]!;
    for (let i = 0; i < count; i += 1) {
      const cell = cellOf(octave, phase, seconds[i]!);
      const from = point ? cell : cell - 1;
      const to = point ? cell : cell + 2;
      const fromPair = Math.floor(from / 2);
      for (let pair = Math.max(fromPair, lastPair + 1); pair <= Math.floor(to / 2); pair += 1) {
        lastPairAt = batch.push(PRF_KIND.lattice, octave, pair);
        lastPair = pair;
      }
      first[octave * count + i] = 2 * (lastPairAt - (lastPair - fromPair)) + (from - 2 * fromPair);
    }
  }
  // Lattice values in [-1, 1), as the cache keeps them.
  const lattice = c.prf.uniforms(batch).map((u) => u * 2 - 1);
  const total = new Float64Array(count);
  for (let octave = 0; octave < OCTAVES; octave += 1) {
    const amplitude = SQRT_PERIODS[octave]!;
    const point = isPointOctave(octave);
    const phase = c.phases[octave]!;
    for (let i = 0; i < count; i += 1) {
      const at = first[octave * count + i]!;
      if (point) {
        total[i]! += amplitude * lattice[at]!;
        continue;
      }
      const t = positionIn(octave, phase, seconds[i]!, cellOf(octave, phase, seconds[i]!));
      const value = catmullRom(
        lattice[at]!,
        lattice[at + 1]!,
        lattice[at + 2]!,
        lattice[at + 3]!,
        t,
      );
      total[i]! += amplitude * value;
    }
  }
  return total;
}
