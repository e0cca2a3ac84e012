/** Demo data for the embedded default. These credentials are printed in README.md. */

export const DEMO_ADMIN = { email: 'admin@tradewallet.local', password: 'Admin-Demo-2026' };

export const DEMO_USERS = [
  {
    fullName: 'Alice Martin',
    username: 'alice',
    email: 'alice@tradewallet.local',
    phoneNumber: '+14155550101',
    password: 'Demo-Trader-2026',
  },
  {
    fullName: 'Bob Schneider',
    username: 'bob',
    email: 'bob@tradewallet.local',
    phoneNumber: '+4930555010',
    password: 'Demo-Trader-2026',
  },
] as const;

export const DEMO_SUPPORT_LINKS = {
  whatsappLink: 'https://wa.me/15550100100',
  telegramLink: 'https://t.me/tradewallet_support',
  emailLink: 'mailto:support@tradewallet.local',
};

/** At least 30 widely traded coins, so the markets screens look like a real exchange. */
export const DEMO_COINS = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'BNB', name: 'BNB' },
  { symbol: 'SOL', name: 'Solana' },
  { symbol: 'XRP', name: 'XRP' },
  { symbol: 'ADA', name: 'Cardano' },
  { symbol: 'DOGE', name: 'Dogecoin' },
  { symbol: 'TRX', name: 'TRON' },
  { symbol: 'TON', name: 'Toncoin' },
  { symbol: 'AVAX', name: 'Avalanche' },
  { symbol: 'DOT', name: 'Polkadot' },
  { symbol: 'LINK', name: 'Chainlink' },
  { symbol: 'POL', name: 'Polygon' },
  { symbol: 'LTC', name: 'Litecoin' },
  { symbol: 'BCH', name: 'Bitcoin Cash' },
  { symbol: 'SHIB', name: 'Shiba Inu' },
  { symbol: 'NEAR', name: 'NEAR Protocol' },
  { symbol: 'UNI', name: 'Uniswap' },
  { symbol: 'ATOM', name: 'Cosmos' },
  { symbol: 'XLM', name: 'Stellar' },
  { symbol: 'ETC', name: 'Ethereum Classic' },
  { symbol: 'FIL', name: 'Filecoin' },
  { symbol: 'APT', name: 'Aptos' },
  { symbol: 'ARB', name: 'Arbitrum' },
  { symbol: 'OP', name: 'Optimism' },
  { symbol: 'ICP', name: 'Internet Computer' },
  { symbol: 'HBAR', name: 'Hedera' },
  { symbol: 'VET', name: 'VeChain' },
  { symbol: 'INJ', name: 'Injective' },
  { symbol: 'SUI', name: 'Sui' },
  { symbol: 'AAVE', name: 'Aave' },
] as const;
