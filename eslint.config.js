// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries. The code is layered one way:
 *   src/app → src/views → (src/machines, src/services, src/ui) → common
 * and the server sits beside the web app, never inside it. A pattern matches a relative
 * import whose first named folder is `name` (`../../server/x`), so neither `../services`
 * nor a package path such as `react-dom/server` is mistaken for it.
 */
const relativeFolder = (name) => `^(\\.\\./)+${name}(/|$)`;
const boundary = (name, message) => ({ regex: relativeFolder(name), message });

const noServer = boundary(
  'server',
  'The web app must not import server code; share it via common/.',
);
const noSrc = boundary('src', 'Only the web app may import from src/.');
const noApp = boundary('app', 'src/app is the top layer: import from it only within src/app.');
const noViews = boundary(
  'views',
  'Views are imported by src/app only; move shared code to machines, services or ui.',
);

/**
 * Every actor of the web app is created by src/machines/actors.ts, which gives it a
 * readable id and the Stately inspector when that is on; created anywhere else, an actor
 * would be invisible in the inspector. Unit tests of machines create theirs directly.
 */
const ACTORS_MESSAGE =
  'Create actors with useAppActor or createAppActor from src/machines/actors.ts (readable id, inspector).';
const actorCreation = [
  { name: 'xstate', importNames: ['createActor'], message: ACTORS_MESSAGE },
  {
    name: '@xstate/react',
    importNames: ['useActorRef', 'useMachine', 'createActorContext'],
    message: ACTORS_MESSAGE,
  },
];

/** One rule entry per file group, because a later entry replaces an earlier one. */
const restrict = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

/**
 * Features in their own rooms. Every folder of src/views but `shared` is a feature, and each
 * folder of the console (src/views/admin) is a room of it. A feature may import itself,
 * src/views/shared and the layers below, never another feature; a console room may also
 * import src/views/admin/console, never another room. So what several use moves to a shared
 * room or below, and a feature can be read, changed or removed on its own. The folders are
 * read from the disk, so a new folder is a room from the start.
 */
const VIEWS_DIR = 'src/views';
const CONSOLE_DIR = `${VIEWS_DIR}/admin`;
const subfolders = (dir) =>
  fs
    .readdirSync(new URL(`./${dir}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = subfolders(VIEWS_DIR).filter((name) => name !== 'shared');
const consoleRooms = subfolders(CONSOLE_DIR).filter((name) => name !== 'console');

/**
 * An import of one of `rooms`, from any depth (`../orders`, `../../orders`) or through their
 * `parent` (`../../views/orders`).
 */
const roomImport = (parent, rooms, message) => {
  // An empty list would make a pattern that matches any `../` import.
  if (rooms.length === 0) throw new Error(`eslint.config.js: no rooms under ${parent}/`);
  return { regex: `^(\\.\\./)+(${parent}/)?(${rooms.join('|')})(/|$)`, message };
};
const notOtherFeatures = (own) =>
  roomImport(
    'views',
    features.filter((name) => name !== own),
    'No imports between features (the folders of src/views): move what several use to src/views/shared (view parts) or to machines, services or ui.',
  );
const notOtherConsoleRooms = (own) =>
  roomImport(
    'admin',
    consoleRooms.filter((name) => name !== own),
    'No imports between console rooms (the folders of src/views/admin): move what several use to src/views/admin/console.',
  );
/** Each replaces the src/views/** entry for its folder, so it carries that entry's rules too. */
const roomEntries = [
  ...['shared', ...features].map((own) =>
    restrict([`${VIEWS_DIR}/${own}/**`], [noServer, noApp, notOtherFeatures(own)], actorCreation),
  ),
  ...['console', ...consoleRooms].map((own) =>
    restrict(
      [`${CONSOLE_DIR}/${own}/**`],
      [noServer, noApp, notOtherFeatures('admin'), notOtherConsoleRooms(own)],
      actorCreation,
    ),
  ),
];

/**
 * The server's layers, bottom first (docs/architecture.md, "Layers"). A file imports its own
 * layer and the layers under it, never one above. A layer is a folder of server/ or one file
 * of it (`config` is server/config.ts, with its tests). Each folder of server/modules is an
 * area, reached from other areas and from the layers above only through its entry, its
 * index.ts (`../wallet`, `./modules/wallet`), never a file inside it. Every entry of server/
 * must be a layer, so a new folder cannot escape the rule.
 */
const SERVER_LAYERS = [
  'lib',
  'config',
  'db',
  'ledger',
  'market',
  'http',
  'modules',
  'jobs',
  'seed',
  'app',
  'banner',
  'main',
];
const serverEntries = fs.readdirSync(new URL('./server/', import.meta.url), {
  withFileTypes: true,
});
const serverFolders = new Set(serverEntries.filter((e) => e.isDirectory()).map((e) => e.name));
const serverLayerNames = serverEntries.map((e) =>
  e.isDirectory() ? e.name : e.name.split('.')[0],
);
for (const name of serverLayerNames) {
  if (!SERVER_LAYERS.includes(name))
    throw new Error(`eslint.config.js: server/${name} is in no layer`);
}
const MODULES_LAYER = SERVER_LAYERS.indexOf('modules');
const AREA_MESSAGE =
  "Reach an area of server/modules through its entry (`../wallet`, its index.ts), never a file inside it; move what must be shared into the area's index.ts or below the areas.";

/** An import of a layer above `layer`, spelled from a file of `layer`. */
const upwardImport = (layer, above) => ({
  regex: `^(${serverFolders.has(layer) ? '(\\.\\./)+' : '\\./'})(${above.join('|')})(/|$)`,
  message: `server/${layer} must not import ${above.join(', ')}: a layer imports only itself and the layers under it.`,
});
/** From an area: a file inside another area, directly (`../auth/x`) or the long way round. */
const areaInternalsFromArea = {
  regex: '^(\\.\\./[^./][^/]*|(\\.\\./)+modules/[^/]+)/.',
  message: AREA_MESSAGE,
};
/** From a layer above the areas: a file inside an area (`../modules/auth/x`). */
const areaInternalsFrom = (layer) => ({
  regex: `^(${serverFolders.has(layer) ? '(\\.\\./)+' : '\\./'})modules/[^/]+/.`,
  message: AREA_MESSAGE,
});
/** Each replaces the server/** entry for its layer, so it carries that entry's rule too. */
const serverLayerEntries = SERVER_LAYERS.map((layer, index) => {
  const above = SERVER_LAYERS.slice(index + 1);
  const files = serverFolders.has(layer)
    ? [`server/${layer}/**`]
    : [`server/${layer}.ts`, `server/${layer}.*.ts`];
  const patterns = [noSrc];
  if (above.length > 0) patterns.push(upwardImport(layer, above));
  if (index === MODULES_LAYER) patterns.push(areaInternalsFromArea);
  if (index > MODULES_LAYER) patterns.push(areaInternalsFrom(layer));
  return restrict(files, patterns);
});

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'locales/**/*.js', 'locales/**/*.mjs', 'screenshots/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    // Type-only imports vanish from the bundle; the rule keeps that visible in the web app.
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'error' },
  },
  {
    files: [
      'server/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Benchmarks and command-line scripts report to the terminal; the server logs with pino.
    files: ['bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  restrict(['src/app/**'], [noServer], actorCreation),
  restrict(['src/views/**'], [noServer, noApp], actorCreation),
  ...roomEntries,
  restrict(
    ['src/machines/**', 'src/services/**', 'src/ui/**', 'src/workers/**'],
    [noServer, noApp, noViews],
    actorCreation,
  ),
  restrict(['src/machines/actors.ts', 'src/machines/*.test.ts'], [noServer, noApp, noViews]),
  restrict(['server/**'], [noSrc]),
  ...serverLayerEntries,
  restrict(['common/**'], [noSrc, noServer]),
]);
