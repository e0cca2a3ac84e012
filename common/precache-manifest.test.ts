import { describe, expect, it } from 'vitest';
import {
  buildPrecacheManifest,
  isPrecachable,
  PRECACHE_LIMITS,
  type BuiltFile,
} from './precache-manifest';

/**
 * A stand-in for SHA-256 (common/ has no Node APIs): FNV-1a under eight seeds, 64 hex
 * characters that differ for different texts, which is all the builder relies on.
 */
function sha256(text: string): string {
  let hex = '';
  for (let seed = 0; seed < 8; seed += 1) {
    let hash = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < text.length; i += 1) {
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    hex += hash.toString(16).padStart(8, '0');
  }
  return hex;
}
const file = (path: string, content = path, sizeBytes = 1000): BuiltFile => ({
  path,
  sizeBytes,
  sha256: sha256(content),
});

const BUILD: BuiltFile[] = [
  file('assets/index-D4La49F1.js'),
  file('assets/index-D4La49F1.js.map'),
  file('assets/messages-W3Be4_qz.js'),
  file('assets/markets-page-Bz7vmqQC.js'),
  file('assets/market.worker-Ck3x.js'),
  file('assets/index-B1a2.css'),
  file('index.html'),
  file('logo.svg'),
  file('manifest.webmanifest'),
  file('icons/icon-192.png'),
  file('icons/icon-512.png'),
  file('sw.js'),
  file('.DS_Store'),
  file('assets/index-D4La49F1.js.br'),
];

describe('buildPrecacheManifest', () => {
  it('lists the shell first, then every file the app loads, and nothing else', () => {
    const manifest = buildPrecacheManifest(BUILD, sha256);
    expect(manifest.urls).toEqual([
      '/index.html',
      '/assets/index-B1a2.css',
      '/assets/index-D4La49F1.js',
      '/assets/market.worker-Ck3x.js',
      '/assets/markets-page-Bz7vmqQC.js',
      '/assets/messages-W3Be4_qz.js',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/logo.svg',
      '/manifest.webmanifest',
    ]);
    expect(manifest.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the version for the same files in any order, and changes it with any content', () => {
    const version = buildPrecacheManifest(BUILD, sha256).version;
    expect(buildPrecacheManifest([...BUILD].reverse(), sha256).version).toBe(version);
    // index.html and the icons are not content-hashed: a change inside them counts too.
    const edited = BUILD.map((f) => (f.path === 'index.html' ? file('index.html', 'new') : f));
    expect(buildPrecacheManifest(edited, sha256).version).not.toBe(version);
    // Files that are not precached do not change it.
    const withoutMaps = BUILD.filter((f) => !f.path.endsWith('.map'));
    expect(buildPrecacheManifest(withoutMaps, sha256).version).toBe(version);
  });

  it('refuses a build without index.html, duplicates and paths outside the build', () => {
    const noShell = BUILD.filter((f) => f.path !== 'index.html');
    expect(() => buildPrecacheManifest(noShell, sha256)).toThrow(/index\.html/);
    expect(() => buildPrecacheManifest([...BUILD, file('logo.svg')], sha256)).toThrow(/twice/);
    expect(() => buildPrecacheManifest([...BUILD, file('../secret')], sha256)).toThrow(/relative/);
    expect(() => buildPrecacheManifest([...BUILD, file('/etc/passwd')], sha256)).toThrow(
      /relative/,
    );
    const unhashed = { path: 'assets/x.js', sizeBytes: 1, sha256: 'nope' };
    expect(() => buildPrecacheManifest([...BUILD, unhashed], sha256)).toThrow(/SHA-256/);
  });

  it('refuses a precache beyond its limits', () => {
    const many = Array.from({ length: PRECACHE_LIMITS.maxFiles }, (_, i) =>
      file(`assets/c${i}.js`),
    );
    expect(() => buildPrecacheManifest([...BUILD, ...many], sha256)).toThrow(/files/);
    const huge = file('assets/huge.js', 'huge', PRECACHE_LIMITS.maxTotalBytes);
    expect(() => buildPrecacheManifest([...BUILD, huge], sha256)).toThrow(/bytes/);
  });
});

describe('isPrecachable', () => {
  it('leaves out source maps, compressed twins, dot-files and the worker itself', () => {
    expect(isPrecachable('assets/a.js')).toBe(true);
    expect(isPrecachable('icons/icon-512.png')).toBe(true);
    expect(isPrecachable('assets/a.js.map')).toBe(false);
    expect(isPrecachable('assets/a.js.gz')).toBe(false);
    expect(isPrecachable('.well-known/x')).toBe(false);
    expect(isPrecachable('sw.js')).toBe(false);
  });
});
