import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layer rule of eslint.config.js, run through ESLint itself on imports written
 * into server files: if a later config entry dropped it (one entry per file group replaces
 * the one before), these imports would pass unnoticed. And the areas of server/modules, read
 * from the disk, import each other in no cycle, which no import pattern can see.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The import-rule errors of one import of `specifier` in a module at `filePath`. */
async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { part } from '${specifier}';\n\nexport const used = part;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' && message.severity === 2)
    .map((message) => message.message);
}

describe('the server layers', () => {
  it('refuses an import of a layer above', async () => {
    const [error] = await importErrors('server/ledger/x.ts', '../http/errors');
    expect(error).toMatch(/server\/ledger must not import .*http/);
    expect(await importErrors('server/http/x.ts', '../modules/auth')).toHaveLength(1);
    expect(await importErrors('server/ledger/x.ts', '../market/ticks')).toHaveLength(1);
    expect(await importErrors('server/config.ts', './market/simulated')).toHaveLength(1);
    expect(await importErrors('server/modules/wallet/x.ts', '../../jobs/periodic')).toHaveLength(1);
  });

  it('refuses a file inside another area, however it is spelled', async () => {
    const [error] = await importErrors('server/modules/wallet/x.ts', '../auth/sessions');
    expect(error).toMatch(/through its entry/);
    expect(await importErrors('server/modules/wallet/x.ts', '../../modules/auth/x')).toHaveLength(
      1,
    );
    expect(await importErrors('server/jobs/x.ts', '../modules/files/claims')).toHaveLength(1);
    expect(await importErrors('server/app.ts', './modules/auth/routes')).toHaveLength(1);
  });

  it('allows the own layer, the layers below and an area through its entry', async () => {
    expect(await importErrors('server/ledger/x.ts', '../db/client')).toEqual([]);
    expect(await importErrors('server/ledger/x.ts', './posting')).toEqual([]);
    expect(await importErrors('server/market/x.ts', '../ledger/types')).toEqual([]);
    expect(await importErrors('server/http/x.ts', '../ledger/errors')).toEqual([]);
    expect(await importErrors('server/modules/wallet/x.ts', '../auth')).toEqual([]);
    expect(await importErrors('server/modules/wallet/x.ts', '../../market/ticks')).toEqual([]);
    expect(await importErrors('server/modules/wallet/x.ts', './views')).toEqual([]);
    expect(await importErrors('server/app.ts', './modules/auth')).toEqual([]);
  });

  it('keeps the server out of the web app in every layer', async () => {
    expect(await importErrors('server/ledger/x.ts', '../../src/x')).toHaveLength(1);
    expect(await importErrors('server/modules/wallet/x.ts', '../../../src/x')).toHaveLength(1);
    expect(await importErrors('server/main.ts', '../src/x')).toHaveLength(1);
  });
});

/** The areas of server/modules and, for each, the other areas its files import. */
function areaImports(): Map<string, Set<string>> {
  const modulesDir = path.join(ROOT, 'server/modules');
  const areas = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map<string, Set<string>>();
  for (const area of areas) {
    const imported = new Set<string>();
    for (const file of fs.readdirSync(path.join(modulesDir, area), { recursive: true })) {
      if (!String(file).endsWith('.ts')) continue;
      const text = fs.readFileSync(path.join(modulesDir, area, String(file)), 'utf8');
      for (const match of text.matchAll(/from '\.\.\/([a-z-]+)'/g)) {
        if (match[1] !== area && areas.includes(match[1]!)) imported.add(match[1]!);
      }
    }
    graph.set(area, imported);
  }
  return graph;
}

/** A cycle of areas as a path (`a → b → a`), or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string | null {
  const done = new Set<string>();
  const visit = (area: string, trail: string[]): string | null => {
    if (trail.includes(area)) return [...trail.slice(trail.indexOf(area)), area].join(' → ');
    if (done.has(area)) return null;
    for (const next of graph.get(area) ?? []) {
      const cycle = visit(next, [...trail, area]);
      if (cycle !== null) return cycle;
    }
    done.add(area);
    return null;
  };
  for (const area of graph.keys()) {
    const cycle = visit(area, []);
    if (cycle !== null) return cycle;
  }
  return null;
}

describe('the areas of server/modules', () => {
  it('import each other in no cycle', () => {
    const graph = areaImports();
    expect(graph.get('admin')).toContain('auth');
    expect(findCycle(graph)).toBeNull();
  });

  it('would see a cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toBe('a → b → c → a');
  });
});
