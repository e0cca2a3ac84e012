/**
 * CoinGecko ids of well-known coins. CoinGecko keys prices by id, and several ids share a
 * symbol (bridged and pegged copies, unrelated tokens), so a fixed table decides for the
 * coins we know; other symbols are looked up in `/coins/list` with `pickCoinGeckoId`.
 */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  BNB: 'binancecoin',
  SOL: 'solana',
  XRP: 'ripple',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  TRX: 'tron',
  TON: 'the-open-network',
  AVAX: 'avalanche-2',
  DOT: 'polkadot',
  LINK: 'chainlink',
  POL: 'polygon-ecosystem-token',
  MATIC: 'matic-network',
  LTC: 'litecoin',
  BCH: 'bitcoin-cash',
  SHIB: 'shiba-inu',
  NEAR: 'near',
  UNI: 'uniswap',
  ATOM: 'cosmos',
  XLM: 'stellar',
  ETC: 'ethereum-classic',
  FIL: 'filecoin',
  APT: 'aptos',
  ARB: 'arbitrum',
  OP: 'optimism',
  ICP: 'internet-computer',
  HBAR: 'hedera-hashgraph',
  VET: 'vechain',
  INJ: 'injective-protocol',
  SUI: 'sui',
  AAVE: 'aave',
  PEPE: 'pepe',
  USDC: 'usd-coin',
  WIF: 'dogwifcoin',
  ALGO: 'algorand',
  XMR: 'monero',
  MKR: 'maker',
  SEI: 'sei-network',
  TIA: 'celestia',
  RENDER: 'render-token',
  FET: 'fetch-ai',
  GRT: 'the-graph',
  SAND: 'the-sandbox',
  MANA: 'decentraland',
  EOS: 'eos',
  XTZ: 'tezos',
  FLOKI: 'floki',
  BONK: 'bonk',
  TRUMP: 'official-trump',
};

/** Ids that name a copy of another coin rather than the coin itself. */
const COPY_PATTERN = /(wrapped|bridged|peg|wormhole|bridge|legacy|-old\b|-token-|^binance-)/;

/**
 * The most likely id for a symbol among `candidates` (ids whose symbol matches): the table's
 * id when it is among them, otherwise one that does not look like a bridged or pegged copy,
 * then the shortest, then the first alphabetically (stable).
 */
export function pickCoinGeckoId(symbol: string, candidates: readonly string[]): string | null {
  const known = COINGECKO_IDS[symbol];
  if (known !== undefined && (candidates.length === 0 || candidates.includes(known))) return known;
  if (candidates.length === 0) return null;
  const ranked = [...candidates].sort((a, b) => {
    const copyA = COPY_PATTERN.test(a) ? 1 : 0;
    const copyB = COPY_PATTERN.test(b) ? 1 : 0;
    if (copyA !== copyB) return copyA - copyB;
    if (a.length !== b.length) return a.length - b.length;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return ranked[0] ?? null;
}
