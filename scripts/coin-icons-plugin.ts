/**
 * The coins' icons as image files of the build (docs/architecture.md, "Coin icons").
 *
 * @web3icons/core publishes each SVG as an ES module whose default export is the SVG's text.
 * Imported as such, every icon would be a JavaScript chunk, and the app would have to run it
 * to draw a logo. This plugin reads the listed icons at build time and emits each as an
 * `.svg` file of its own, `assets/coins-<hash>/<SYMBOL>.svg`, in a folder named by the hash
 * of the whole set (so every address is immutable and the service worker keeps it
 * cache-first), and gives the app one small module, `virtual:coin-icon-urls`: a function
 * from symbol to address that holds only the list of symbols and the folder. The browser then fetches an icon as an image, and only when
 * an <img> shows it. In `vite dev` and Vitest the addresses are `data:` URLs instead.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:coin-icon-urls';
/** Vite's folder for built files (build.assetsDir); the server keeps it immutable. */
const ASSETS_DIR = 'assets';
/**
 * Where the module seems to live: under src/ui, beside its one importer, so that the chunk
 * plan (scripts/chunk-plan.ts), which plans the app's modules by their path, puts the map in
 * the same chunk as the icon component instead of a file of its own.
 */
const MODULE_PATH = 'src/ui/coin-icon-urls.generated.js';
/** An icon larger than this is a mistake (the largest listed one, DOGE's, is 26 kB). */
const MAX_ICON_BYTES = 64 * 1024;

/** The package's SVG modules, beside its main module (dist/index.js). */
const SVGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@web3icons/core')),
  'svgs',
);
const branded = (name: string) => path.join(SVGS_DIR, 'tokens/branded', `${name}.svg.js`);
const network = (name: string) => path.join(SVGS_DIR, 'networks/branded', `${name}.svg.js`);

/**
 * Symbol to the package's module file: every coin of the demo seed (server/seed/demo-data.ts),
 * the simulated market's coins the package draws (server/market/simulated.ts; not WIF,
 * FLOKI, BONK) and USDT for the deposit methods. TON and INJ are drawn as networks.
 */
const COIN_ICON_MODULES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'AAVE',
      'ADA',
      'ALGO',
      'APT',
      'ARB',
      'ATOM',
      'AVAX',
      'BCH',
      'BNB',
      'BTC',
      'DOGE',
      'DOT',
      'ETC',
      'ETH',
      'FIL',
      'HBAR',
      'ICP',
      'LINK',
      'LTC',
      'MATIC',
      'NEAR',
      'OP',
      'PEPE',
      'POL',
      'SHIB',
      'SOL',
      'SUI',
      'TRX',
      'UNI',
      'USDC',
      'USDT',
      'VET',
      'XLM',
      'XMR',
      'XRP',
    ].map((symbol) => [symbol, branded(symbol)]),
  ),
  INJ: network('injective'),
  TON: network('ton'),
};

async function readIcon(moduleFile: string): Promise<string> {
  const loaded = (await import(pathToFileURL(moduleFile).href)) as { default?: unknown };
  const svg = loaded.default;
  if (typeof svg !== 'string' || !svg.trimStart().startsWith('<svg')) {
    throw new Error(`coin icons: ${moduleFile} is not an SVG`);
  }
  if (svg.length > MAX_ICON_BYTES) throw new Error(`coin icons: ${moduleFile} is too large`);
  return svg;
}

/** The folder of a set of icons: named by the hash of every icon in it, so it is immutable. */
function setFolder(icons: ReadonlyArray<readonly [string, string]>): string {
  const hash = createHash('sha256');
  for (const [symbol, svg] of icons) hash.update(`${symbol}\0${svg}\0`);
  return `coins-${hash.digest('hex').slice(0, 10)}`;
}

export function coinIconsPlugin(): Plugin {
  let building = false;
  let resolvedId = '';
  let base = '/';
  return {
    name: 'tradewallet:coin-icons',
    configResolved(config) {
      building = config.command === 'build';
      resolvedId = path.join(config.root, MODULE_PATH);
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const icons = await Promise.all(
        Object.entries(COIN_ICON_MODULES).map(
          async ([symbol, moduleFile]) => [symbol, await readIcon(moduleFile)] as const,
        ),
      );
      if (!building) {
        const urls = Object.fromEntries(
          icons.map(([symbol, svg]) => [symbol, `data:image/svg+xml,${encodeURIComponent(svg)}`]),
        );
        return `const urls = ${JSON.stringify(urls)};\nexport default (symbol) => Object.hasOwn(urls, symbol) ? urls[symbol] : undefined;\n`;
      }
      // One folder per set of icons, each file named by its symbol: the first load carries
      // the list of symbols and one hash, not a hashed address per icon.
      const folder = `${ASSETS_DIR}/${setFolder(icons)}`;
      for (const [symbol, svg] of icons) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${symbol}.svg`, source: svg });
      }
      const symbols = JSON.stringify(icons.map(([symbol]) => symbol));
      return `const symbols = new Set(${symbols});\nexport default (symbol) => symbols.has(symbol) ? ${JSON.stringify(`${base}${folder}/`)} + symbol + ".svg" : undefined;\n`;
    },
  };
}
