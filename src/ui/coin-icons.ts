/**
 * Which coins have a real icon, and how each one loads (docs/architecture.md, "Coin icons").
 *
 * The icons are the "branded" SVGs of @web3icons/core (MIT), the smallest coloured variant of
 * the package, each published as an ES module whose default export is the SVG's text. Each
 * loader below is a dynamic `import()`, so the build makes every icon a small chunk of its
 * own, fetched the first time a screen shows that coin and never on the first load. The
 * table is written out rather than globbed over the package's ~1,800 tokens: the build then
 * holds only the icons of coins the app lists, and a coin missing here (one an operator
 * adds later, or one the package does not draw) shows its letter instead.
 *
 * Coverage: every coin of the demo seed (server/seed/demo-data.ts), of the simulated market
 * (server/market/simulated.ts) except WIF, FLOKI and BONK, which the package does not draw,
 * and USDT for the deposit methods. TON and INJ are drawn as networks in the package.
 */

/** Loads one icon's SVG text. */
export type CoinIconLoader = () => Promise<{ default: string }>;

/** Symbols are stored upper case; a symbol longer than this is no coin we list. */
const MAX_SYMBOL_LENGTH = 16;

const LOADERS: Readonly<Record<string, CoinIconLoader>> = {
  AAVE: () => import('@web3icons/core/svgs/tokens/branded/AAVE.svg.js'),
  ADA: () => import('@web3icons/core/svgs/tokens/branded/ADA.svg.js'),
  ALGO: () => import('@web3icons/core/svgs/tokens/branded/ALGO.svg.js'),
  APT: () => import('@web3icons/core/svgs/tokens/branded/APT.svg.js'),
  ARB: () => import('@web3icons/core/svgs/tokens/branded/ARB.svg.js'),
  ATOM: () => import('@web3icons/core/svgs/tokens/branded/ATOM.svg.js'),
  AVAX: () => import('@web3icons/core/svgs/tokens/branded/AVAX.svg.js'),
  BCH: () => import('@web3icons/core/svgs/tokens/branded/BCH.svg.js'),
  BNB: () => import('@web3icons/core/svgs/tokens/branded/BNB.svg.js'),
  BTC: () => import('@web3icons/core/svgs/tokens/branded/BTC.svg.js'),
  DOGE: () => import('@web3icons/core/svgs/tokens/branded/DOGE.svg.js'),
  DOT: () => import('@web3icons/core/svgs/tokens/branded/DOT.svg.js'),
  ETC: () => import('@web3icons/core/svgs/tokens/branded/ETC.svg.js'),
  ETH: () => import('@web3icons/core/svgs/tokens/branded/ETH.svg.js'),
  FIL: () => import('@web3icons/core/svgs/tokens/branded/FIL.svg.js'),
  HBAR: () => import('@web3icons/core/svgs/tokens/branded/HBAR.svg.js'),
  ICP: () => import('@web3icons/core/svgs/tokens/branded/ICP.svg.js'),
  INJ: () => import('@web3icons/core/svgs/networks/branded/injective.svg.js'),
  LINK: () => import('@web3icons/core/svgs/tokens/branded/LINK.svg.js'),
  LTC: () => import('@web3icons/core/svgs/tokens/branded/LTC.svg.js'),
  MATIC: () => import('@web3icons/core/svgs/tokens/branded/MATIC.svg.js'),
  NEAR: () => import('@web3icons/core/svgs/tokens/branded/NEAR.svg.js'),
  OP: () => import('@web3icons/core/svgs/tokens/branded/OP.svg.js'),
  PEPE: () => import('@web3icons/core/svgs/tokens/branded/PEPE.svg.js'),
  POL: () => import('@web3icons/core/svgs/tokens/branded/POL.svg.js'),
  SHIB: () => import('@web3icons/core/svgs/tokens/branded/SHIB.svg.js'),
  SOL: () => import('@web3icons/core/svgs/tokens/branded/SOL.svg.js'),
  SUI: () => import('@web3icons/core/svgs/tokens/branded/SUI.svg.js'),
  TON: () => import('@web3icons/core/svgs/networks/branded/ton.svg.js'),
  TRX: () => import('@web3icons/core/svgs/tokens/branded/TRX.svg.js'),
  UNI: () => import('@web3icons/core/svgs/tokens/branded/UNI.svg.js'),
  USDC: () => import('@web3icons/core/svgs/tokens/branded/USDC.svg.js'),
  USDT: () => import('@web3icons/core/svgs/tokens/branded/USDT.svg.js'),
  VET: () => import('@web3icons/core/svgs/tokens/branded/VET.svg.js'),
  XLM: () => import('@web3icons/core/svgs/tokens/branded/XLM.svg.js'),
  XMR: () => import('@web3icons/core/svgs/tokens/branded/XMR.svg.js'),
  XRP: () => import('@web3icons/core/svgs/tokens/branded/XRP.svg.js'),
};

/** The table's key for a symbol as a screen has it: trimmed, upper case. */
export function coinIconKey(symbol: string): string {
  return symbol.trim().toUpperCase().slice(0, MAX_SYMBOL_LENGTH);
}

/** The icon's loader for a coin, or undefined when the coin has no icon (it shows a letter). */
export function coinIconLoader(symbol: string): CoinIconLoader | undefined {
  const key = coinIconKey(symbol);
  return Object.hasOwn(LOADERS, key) ? LOADERS[key] : undefined;
}

/** The letter a coin without an icon (or whose icon is on its way) shows in its circle. */
export function coinInitial(symbol: string): string {
  return coinIconKey(symbol).slice(0, 1);
}

/**
 * An SVG's text as an image address. A `data:` URL (the security policy's img-src allows
 * it) keeps the icon an <img>: decorative, sized by the box, and with no ids shared between
 * copies, as inline SVGs of the same icon would share their gradients' ids.
 */
export function svgDataUrl(svgText: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svgText)}`;
}
