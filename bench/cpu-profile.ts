/**
 * A page's CPU profile (Chromium's sampling profiler, through CDP) summed by source file and
 * by function, through the build's source maps when it has them (`vite build --sourcemap`):
 * which of our modules and which libraries the main thread spent its time in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time summed per key, in ms. */
export type SelfTimes = Map<string, number>;

const SAMPLING_INTERVAL_US = 250;
const NODE_MODULES = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/;

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
}

export async function stopProfile(cdp: CDPSession): Promise<CpuProfile> {
  const { profile } = await cdp.send('Profiler.stop');
  return profile as CpuProfile;
}

/** Each node's self time in ms: the sampling interval after each of its samples. */
function selfTimeByNode(profile: CpuProfile): Map<number, number> {
  const byNode = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => {
    const deltaUs = profile.timeDeltas[index + 1] ?? 0;
    byNode.set(nodeId, (byNode.get(nodeId) ?? 0) + deltaUs / 1000);
  });
  return byNode;
}

/** Reads an asset's source map from the served folder, once. */
function sourceMapReader(webDir: string): (url: string) => TraceMap | null {
  const maps = new Map<string, TraceMap | null>();
  return (url) => {
    if (maps.has(url)) return maps.get(url) ?? null;
    let map: TraceMap | null = null;
    try {
      const file = path.join(webDir, new URL(url).pathname) + '.map';
      if (fs.existsSync(file)) map = new TraceMap(fs.readFileSync(file, 'utf8'));
    } catch {
      map = null;
    }
    maps.set(url, map);
    return map;
  };
}

/** A source path shortened to the package for libraries, to `src/…` for ours. */
function shortSource(source: string): string {
  const library = NODE_MODULES.exec(source);
  if (library?.[1]) return `lib:${library[1]}`;
  const at = source.lastIndexOf('/src/');
  return at >= 0 ? source.slice(at + 1) : source;
}

/** Where a frame's code came from: file (or package) and function, through the source map. */
function frameOrigin(
  frame: ProfileNode['callFrame'],
  mapOf: (url: string) => TraceMap | null,
): { file: string; fn: string } {
  if (!frame.url) return { file: `(${frame.functionName || 'program'})`, fn: '' };
  const map = mapOf(frame.url);
  if (!map) return { file: new URL(frame.url).pathname, fn: frame.functionName };
  const original = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: Math.max(0, frame.columnNumber),
  });
  const file = original.source ? shortSource(original.source) : new URL(frame.url).pathname;
  return { file, fn: original.name ?? frame.functionName };
}

/** Self time per source file and per function (`file › function`), in ms. */
export function selfTimes(
  profile: CpuProfile,
  webDir: string,
): { byFile: SelfTimes; byFunction: SelfTimes } {
  const mapOf = sourceMapReader(webDir);
  const byNode = selfTimeByNode(profile);
  const byFile: SelfTimes = new Map();
  const byFunction: SelfTimes = new Map();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { file, fn } = frameOrigin(node.callFrame, mapOf);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const key = fn ? `${file} › ${fn}` : file;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  return { byFile, byFunction };
}

export function addTimes(into: SelfTimes, from: SelfTimes): void {
  for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms);
}

/** The `limit` largest entries as table rows, as a mean per run. */
export function topRows(times: SelfTimes, runs: number, limit: number): string[] {
  return [...times.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, ms]) => `| ${key.replaceAll('|', '\\|')} | ${(ms / runs).toFixed(1)} |`);
}
