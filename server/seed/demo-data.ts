/** Demo data for the embedded default. These credentials are printed in README.md. */

/**
 * The demo admin. Every admin must have a second factor, so it comes enrolled with a fixed
 * TOTP key (base32), printed by the start banner and the README, so a visitor can add it to
 * an authenticator app. Public by design: demo data is never for a public server.
 */
export const DEMO_ADMIN = {
  email: 'admin@tradewallet.local',
  password: 'Admin-Demo-2026',
  twoFactorSecret: 'TRADEWALLETDEMOADMINTWOFACTORKEY',
};

/**
 * A second demo admin, so the four-eyes flows (a new admin, a large adjustment, the second
 * approval of a large withdrawal) can be tried: one admin alone cannot complete them.
 */
export const DEMO_SECOND_ADMIN = {
  fullName: 'Second Administrator',
  username: 'admin_second',
  email: 'admin2@tradewallet.local',
  phoneNumber: '+10000000001',
  password: 'Admin-Demo-2026',
  /** Its TOTP key (base32), in the README beside the first admin's. */
  twoFactorSecret: 'TRADEWALLETSECONDADMINTWOFACTORK',
} as const;

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

/** Opening balances of the demo users, in micro-USDT, posted once from deposit clearing. */
export const DEMO_OPENING_BALANCES_MICROS: Record<string, bigint> = {
  'alice@tradewallet.local': 1_000_000_000n,
  'bob@tradewallet.local': 250_000_000n,
};

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

export const DEMO_DEPOSIT_METHODS = [
  {
    coinName: 'Tether USDT',
    paymentAddressType: 'trc20',
    paymentAddress: 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt',
    minAmountMicros: usdt(10),
    maxAmountMicros: usdt(50_000),
    conversionPriceMicros: usdt(1),
    currency: 'USDT',
    coinSymbol: 'USDT',
  },
  {
    coinName: 'Tether USDT',
    paymentAddressType: 'erc20',
    paymentAddress: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
    minAmountMicros: usdt(20),
    maxAmountMicros: usdt(50_000),
    conversionPriceMicros: usdt(1),
    currency: 'USDT',
    coinSymbol: 'USDT',
  },
  {
    coinName: 'Bitcoin',
    paymentAddressType: 'btc',
    paymentAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    minAmountMicros: usdt(50),
    maxAmountMicros: usdt(100_000),
    conversionPriceMicros: usdt(65_000),
    currency: 'USDT',
    coinSymbol: 'BTC',
  },
  {
    coinName: 'Ethereum',
    paymentAddressType: 'erc20',
    paymentAddress: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    minAmountMicros: usdt(30),
    maxAmountMicros: usdt(100_000),
    conversionPriceMicros: usdt(3_500),
    currency: 'USDT',
    coinSymbol: 'ETH',
  },
];

/** The demo withdraw methods, their instructions in English and in the other languages. */
export const DEMO_WITHDRAW_METHODS = [
  {
    ...DEMO_DEPOSIT_METHODS[0]!,
    chargeMicroPercent: 1_000_000n,
    info: 'Sent on the TRON network within 30 minutes of approval. Double-check the address: transfers cannot be reversed.',
    infoTranslations: {
      es: 'Se envía por la red TRON en un plazo de 30 minutos tras la aprobación. Comprueba bien la dirección: las transferencias no se pueden revertir.',
      fr: 'Envoyé sur le réseau TRON dans les 30 minutes suivant l’approbation. Vérifiez bien l’adresse\u00a0: les transferts sont irréversibles.',
      de: 'Wird innerhalb von 30 Minuten nach der Freigabe über das TRON-Netzwerk gesendet. Prüfe die Adresse genau: Überweisungen können nicht rückgängig gemacht werden.',
      zh: '批准后 30 分钟内通过 TRON 网络发送。请仔细核对地址：转账一经发出无法撤回。',
    },
  },
  {
    ...DEMO_DEPOSIT_METHODS[1]!,
    chargeMicroPercent: 2_500_000n,
    info: 'Sent on Ethereum; the fee covers network gas. Use an address you control, not an exchange deposit tag.',
    infoTranslations: {
      es: 'Se envía por Ethereum; la comisión cubre el gas de la red. Usa una dirección que controles, no una etiqueta de depósito de un exchange.',
      fr: 'Envoyé sur Ethereum\u00a0; les frais couvrent le gas du réseau. Utilisez une adresse que vous contrôlez, pas un tag de dépôt de plateforme d’échange.',
      de: 'Wird über Ethereum gesendet; die Gebühr deckt das Netzwerk-Gas. Verwende eine Adresse, die du selbst kontrollierst, kein Einzahlungs-Tag einer Börse.',
      zh: '通过以太坊发送；手续费用于支付网络 Gas 费。请使用您自己掌控的地址，不要使用交易所的充值标签。',
    },
  },
  {
    ...DEMO_DEPOSIT_METHODS[2]!,
    chargeMicroPercent: 1_500_000n,
    info: 'Sent to a native SegWit or legacy Bitcoin address after one confirmation of approval.',
    infoTranslations: {
      es: 'Se envía a una dirección de Bitcoin SegWit nativa o heredada (legacy) tras una confirmación de la aprobación.',
      fr: 'Envoyé à une adresse Bitcoin SegWit native ou classique (legacy) après une confirmation de l’approbation.',
      de: 'Wird nach einer Bestätigung der Freigabe an eine native SegWit- oder Legacy-Bitcoin-Adresse gesendet.',
      zh: '批准经一次确认后，发送至原生 SegWit 或传统（Legacy）比特币地址。',
    },
  },
  {
    ...DEMO_DEPOSIT_METHODS[3]!,
    chargeMicroPercent: 2_000_000n,
    info: 'Sent as native ETH on the Ethereum mainnet.',
    infoTranslations: {
      es: 'Se envía como ETH nativo en la red principal de Ethereum.',
      fr: 'Envoyé en ETH natif sur le réseau principal Ethereum.',
      de: 'Wird als natives ETH im Ethereum-Mainnet gesendet.',
      zh: '以原生 ETH 的形式在以太坊主网上发送。',
    },
  },
];
