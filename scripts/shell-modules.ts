/**
 * The modules whose texts go into the `shell` catalog, the one the first load carries
 * (src/app/i18n/shell-catalog.ts says why): every module the app's entry imports, and every
 * module the shell's pages and parts import (the list in shell-catalog.ts), following static
 * imports only. Any other dynamic `import()` loads the `app` catalog with its code (pages
 * through the route table, the auth actor through its services); an `import type` brings no
 * code.
 *
 * Read by lingui.config.ts, so the catalogs follow the code: a text is in the shell catalog
 * exactly when a module of the first load, or of a shell page, uses it.
 */
import fs from 'node:fs';
import path from 'node:path';

const ENTRY = 'src/app/main.tsx';
const SHELL_LIST = 'src/app/i18n/shell-catalog.ts';
/** Far more than the app has: a guard against a resolver that runs away. */
const MAX_MODULES = 2_000;

/** `import … from '…'` and `export … from '…'`, not `import type` or `export type`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
/** `import('…')` in shell-catalog.ts: the shell's pages and parts themselves. */
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(rootDir: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(path.join(rootDir, from)), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return path.relative(rootDir, candidate).split(path.sep).join('/');
    }
  }
  return null;
}

/** Whether a statement imports only types (`import { type A, type B } from …`): no code. */
function onlyTypes(statement: string): boolean {
  const clause = /^\s*(?:import|export)\s+([\s\S]*?)\s*from\s*['"]/.exec(statement)?.[1];
  if (clause === undefined || !clause.startsWith('{') || !clause.endsWith('}')) return false;
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function staticImports(rootDir: string, file: string): string[] {
  const text = fs.readFileSync(path.join(rootDir, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    if (onlyTypes(match[0])) continue;
    const resolved = resolve(rootDir, file, match[1]!);
    if (resolved?.startsWith('src/')) found.push(resolved);
  }
  return found;
}

export function shellModules(rootDir: string): string[] {
  const pagesFile = path.join(rootDir, SHELL_LIST);
  const pages = [...fs.readFileSync(pagesFile, 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) =>
    resolve(rootDir, SHELL_LIST, match[1]!),
  );
  if (pages.length === 0 || pages.some((page) => page === null)) {
    throw new Error(`${SHELL_LIST}: every entry must be an import() of a module in src/`);
  }
  const seen = new Set<string>();
  const pending = [ENTRY, SHELL_LIST, ...(pages as string[])];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (seen.size > MAX_MODULES) throw new Error('shellModules: more modules than any app has');
    pending.push(...staticImports(rootDir, file));
  }
  return [...seen].sort();
}
