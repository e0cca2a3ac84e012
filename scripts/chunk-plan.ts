/**
 * The build's chunks, planned from the page graph (vite.config.ts, `codeSplitting.groups`).
 *
 * Each page of the app is a dynamic entry (`import()` in src/app/route-table.ts). Left to
 * itself the bundler makes one chunk per set of pages that share a module, so a page loads
 * many small files (`/trade` loaded 16, most under 1 kB gzip); on a phone over HTTP/1.1 each
 * is a round trip on one of six connections, and the first paint waits for all of them.
 * This plan names a chunk for every module of the app by the pages that reach it:
 *
 * 1. The first load (`app`): what the entry reaches, and what the home page reaches, since
 *    `/` is the first visit and loads it all anyway.
 * 2. The flow library (`flows`): xstate, @xstate/react, src/machines/actors.ts, the
 *    libraries only they import, and the shared modules that need them, so that a page
 *    without a flow (the markets) never loads xstate.
 * 3. A module only one page reaches stays in that page's chunk.
 * 4. A module that a landing page (what a first visit loads: the signed-in home, the
 *    markets, the trade screen's top) and other pages reach goes to `shared-landing`, unless
 *    it needs the flow library, so that a first visit loads the modules it uses in one file
 *    and none of the forms' and records' code that the other shared chunks bring with them.
 * 5. A module whose pages all belong to one family (pages a user moves between: the
 *    trade screen and the orders, the wallet and its checkouts) goes to that family's chunk,
 *    or to the family's flow chunk when it needs the flow library (rule 2's reason: a page
 *    of the family without a flow, such as the wallet's on-chain page, never loads xstate).
 * 6. A module that at least `minSharedPages` user pages of several families reach goes to
 *    `shared` (or `flows`, rule 2).
 * 7. Anything else is left to the bundler's automatic chunks, one per set of pages.
 *
 * Why no two chunks import each other: if module a imports b, every page that reaches a
 * reaches b, so b's set of pages contains a's. Each rule above holds for a module's imports
 * whenever it holds for the module (a family module imports family, `shared`, automatic or
 * first-load modules, and a family's flow module also its family's flow modules and `flows`;
 * `shared` imports only `shared` and `shared-landing`, `shared-landing` only itself (what a
 * landing page's module imports, the landing page reaches too), `flows` only `flows` and the
 * shared chunks;
 * automatic chunks only chunks of larger page sets), so imports between chunks always go
 * from fewer pages to more, and never back. `acyclicChunks()` checks it on every build.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the plan reads of a module (Rolldown's `ModuleInfo`). */
export interface PlanModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
export interface PlanContext {
  getModuleInfo(moduleId: string): PlanModuleInfo | null;
}

export interface ChunkPlanOptions {
  /** The repository's root: app modules are those under `src/` and `common/`. */
  root: string;
  /** The home page's module, relative to the root: its code joins the first load. */
  homePage: string;
  /** Families of pages, each a list of folders under `src/views`. */
  families: Readonly<Record<string, readonly string[]>>;
  /** Folders under `src/views` whose pages do not count towards `minSharedPages` (the console). */
  uncountedFolders: readonly string[];
  /** How many user pages of several families must reach a module for `shared`. */
  minSharedPages: number;
  /**
   * What a first visit loads besides the entry and the home page: the pages it opens and the
   * modules loaded beside them, relative to the root (rule 4).
   */
  landingPages: readonly string[];
  /** The flow library's own modules (rule 2). */
  isFlowLibrary: (moduleId: string) => boolean;
}

const MAIN = '$main';
/** A bound on the module graph, so that a mistake cannot loop the build for long. */
const MODULES_MAX = 20_000;

/** The pages (dynamic entries, and `$main` for the entry) that statically reach each module. */
function pageSets(start: string, ctx: PlanContext): Map<string, Set<string>> {
  const all = collectModules(start, ctx);
  const sets = new Map<string, Set<string>>();
  for (const id of all) sets.set(id, new Set());
  for (const id of all) {
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const isPage = info.dynamicImporters.length > 0;
    if (!info.isEntry && !isPage) continue;
    markReached(id, info.isEntry ? MAIN : id, ctx, sets);
    if (info.isEntry && isPage) markReached(id, id, ctx, sets);
  }
  return sets;
}

/** Every module linked to `start`, up and down, statically and dynamically. */
function collectModules(start: string, ctx: PlanContext): Set<string> {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    const info = ctx.getModuleInfo(stack.pop()!);
    if (!info) continue;
    const linked = [
      ...info.importers,
      ...info.dynamicImporters,
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
    ];
    for (const next of linked) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
    if (seen.size > MODULES_MAX) throw new Error(`chunk plan: more than ${MODULES_MAX} modules`);
  }
  return seen;
}

/** Adds `page` to the set of every module `from` reaches by static imports. */
function markReached(
  from: string,
  page: string,
  ctx: PlanContext,
  sets: Map<string, Set<string>>,
): void {
  const stack = [from];
  const seen = new Set<string>([from]);
  while (stack.length > 0) {
    const id = stack.pop()!;
    sets.get(id)?.add(page);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
}

/**
 * The name function of a `codeSplitting` group: the chunk a module belongs to, or null to
 * leave it to the other groups and the automatic chunks. Computed once per chunking pass, on the
 * first call, from the whole module graph.
 */
export function chunkPlan(options: ChunkPlanOptions) {
  const viewsDir = path.join(options.root, 'src', 'views');
  const homePage = path.join(options.root, options.homePage);
  const landingPages = options.landingPages.map((page) => path.join(options.root, page));
  const familyOfFolder = new Map<string, string>();
  for (const [family, folders] of Object.entries(options.families)) {
    for (const folder of folders) familyOfFolder.set(folder, family);
  }
  const folderOf = (page: string) => {
    const relative = path.relative(viewsDir, page);
    return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
  };
  // A page outside src/views (the drawer, a catalog) is a family of its own.
  const familyOf = (page: string) => {
    const folder = folderOf(page);
    return folder === null ? page : (familyOfFolder.get(folder) ?? folder);
  };
  const counted = (page: string) => {
    const folder = folderOf(page);
    return folder !== null && !options.uncountedFolders.includes(folder);
  };
  const isApp = (id: string) =>
    id.startsWith(path.join(options.root, 'src') + path.sep) ||
    id.startsWith(path.join(options.root, 'common') + path.sep);
  const isLibrary = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);

  // One map per chunking pass (Rolldown gives each pass its own context), so a second build
  // in the same process, as in watch mode, never plans from the first one's graph.
  const setsByPass = new WeakMap<PlanContext, Map<string, Set<string>>>();
  const needsFlow = new Map<string, boolean>();
  const reachesFlowLibrary = (
    id: string,
    ctx: PlanContext,
    visiting = new Set<string>(),
  ): boolean => {
    const known = needsFlow.get(id);
    if (known !== undefined) return known;
    if (options.isFlowLibrary(id)) return true;
    if (isLibrary(id) || visiting.has(id)) return false;
    visiting.add(id);
    const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
    const result = imports.some((next) => reachesFlowLibrary(next, ctx, visiting));
    visiting.delete(id);
    if (visiting.size === 0) needsFlow.set(id, result);
    return result;
  };
  // A library that only the flow library imports (its React bindings' helpers).
  const onlyUnderFlowLibrary = (id: string, ctx: PlanContext, depth = 0): boolean => {
    const info = ctx.getModuleInfo(id);
    if (!info || info.importers.length === 0 || info.dynamicImporters.length > 0) return false;
    if (depth > 32) return false;
    return info.importers.every(
      (importer) =>
        options.isFlowLibrary(importer) ||
        (isLibrary(importer) && onlyUnderFlowLibrary(importer, ctx, depth + 1)),
    );
  };

  return (id: string, ctx: PlanContext): string | null => {
    let sets = setsByPass.get(ctx);
    if (!sets) {
      sets = pageSets(id, ctx);
      setsByPass.set(ctx, sets);
    }
    const pages = sets.get(id) ?? new Set<string>();
    if (pages.has(MAIN)) return isLibrary(id) ? null : 'app';
    if (options.isFlowLibrary(id)) return 'flows';
    if (isLibrary(id)) return onlyUnderFlowLibrary(id, ctx) ? 'flows' : null;
    if (!isApp(id)) return null;
    if (pages.has(homePage)) return 'app';
    if (pages.size < 2) return null;
    const landing = landingPages.some((page) => pages.has(page));
    if (landing && !reachesFlowLibrary(id, ctx)) return 'shared-landing';
    const families = new Set([...pages].map(familyOf));
    if (families.size === 1) {
      const family = [...families][0]!;
      return reachesFlowLibrary(id, ctx) ? `${family}-flows` : `${family}-shared`;
    }
    const userPages = [...pages].filter(counted).length;
    const enough = userPages >= options.minSharedPages;
    if (reachesFlowLibrary(id, ctx)) return enough ? 'flows' : null;
    return enough ? 'shared' : null;
  };
}

/** Fails the build when two chunks import each other, directly or through others. */
export function acyclicChunks(): Plugin {
  return {
    name: 'tradewallet:acyclic-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      }
      const cycle = findCycle(imports);
      if (cycle) this.error(`chunks import each other: ${cycle.join(' → ')}`);
    },
  };
}

/** A cycle in a directed graph, as the list of its nodes, or null. */
export function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}
