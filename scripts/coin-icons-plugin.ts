/**
 * The coins' icons as image files of the build (docs/architecture.md, "Coin icons").
 *
 * @web3icons/core publishes each SVG as an ES module whose default export is the SVG's text.
 * Imported as such, every icon would be a JavaScript chunk, and the app would have to run it
 * to draw a logo. This plugin reads the listed icons at build time and emits each as an
 * `.svg` file of its own under `assets/`, content-hashed (so the service worker keeps it
 * cache-first), and gives the app one small module, `virtual:coin-icon-urls`: a map from
 * symbol to the file's address. The browser then fetches an icon as an image, and only when
 * an <img> shows it. In `vite dev` and Vitest the addresses are `data:` URLs instead.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:coin-icon-urls';
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

export function coinIconsPlugin(): Plugin {
  let building = false;
  let resolvedId = '';
  return {
    name: 'tradewallet:coin-icons',
    configResolved(config) {
      building = config.command === 'build';
      resolvedId = path.join(config.root, MODULE_PATH);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const entries = await Promise.all(
        Object.entries(COIN_ICON_MODULES).map(async ([symbol, moduleFile]) => {
          const svg = await readIcon(moduleFile);
          if (!building) {
            return `${JSON.stringify(symbol)}: ${JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`)}`;
          }
          const reference = this.emitFile({ type: 'asset', name: `${symbol}.svg`, source: svg });
          return `${JSON.stringify(symbol)}: import.meta.ROLLUP_FILE_URL_${reference}`;
        }),
      );
      return `export default {\n${entries.join(',\n')}\n};\n`;
    },
  };
}
