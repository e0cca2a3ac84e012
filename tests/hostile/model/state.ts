/**
 * The in-memory model: what each user must have (available and held micros), what the
 * platform accounts must have gained or lost since the sequence began, every request and
 * trade the sequence made, and every idempotency key the server must have stored. The
 * model is the specification: each command predicts the answer from it, then updates it.
 */
import type { SelectedTime } from './money';
import type { World, WorldUser } from './world';

export const USER_COUNT = 3;
/** Users A, B and C of a sequence. */
export type UserIx = 0 | 1 | 2;
export const USER_NAMES = ['A', 'B', 'C'] as const;
/** The two admins: dual approval needs both. */
export type AdminIx = 0 | 1;

type RequestStatus = 'Pending' | 'Completed' | 'Rejected';
export type TradeResult = 'win' | 'loss' | 'draw' | 'void';
export type Direction = 'buy' | 'sell';
/** A trade's money: the real wallet, or the practice balance (PRACTICE, never USDT). */
export type TradeAccount = 'real' | 'practice';
/** Every user's practice balance at the start (10,000 practice USDT). */
export const PRACTICE_START_MICROS = 10_000_000_000n;

export interface Wallet {
  availableMicros: bigint;
  heldMicros: bigint;
}

interface ModelDeposit {
  id: string;
  user: UserIx;
  amountMicros: bigint;
  status: RequestStatus;
}

interface ModelWithdrawal {
  id: string;
  user: UserIx;
  amountMicros: bigint;
  feeMicros: bigint;
  netMicros: bigint;
  status: RequestStatus;
  firstApprover: AdminIx | null;
}

interface ModelTrade {
  id: string;
  user: UserIx;
  account: TradeAccount;
  symbol: string;
  direction: Direction;
  stakeMicros: bigint;
  payoutMicroPercent: bigint;
  expiresAtMs: number;
  status: 'Pending' | 'Completed';
  result: TradeResult | null;
}

interface ModelTransfer {
  id: string;
  from: UserIx;
  to: UserIx;
}

interface ModelUpload {
  url: string;
  owner: UserIx;
  claimed: boolean;
}

/** What each platform account gained (positive) or gave (negative) in this sequence. */
export interface PlatformDeltas {
  feeRevenue: bigint;
  tradingHouse: bigint;
  depositClearing: bigint;
  withdrawalClearing: bigint;
  /** PRACTICE currency: the other side of practice trades, and the refills' source. */
  practiceHouse: bigint;
  practiceFaucet: bigint;
}

/** A money-moving request as the client made it: retried later with the same key and body. */
export type RequestSpec =
  | { kind: 'deposit'; amountMicros: bigint; screenshot: string }
  | { kind: 'withdraw'; amountMicros: bigint; figures: Figures }
  | { kind: 'transfer'; to: UserIx; amountMicros: bigint; figures: Figures }
  | {
      kind: 'trade';
      account: TradeAccount;
      symbol: string;
      direction: Direction;
      stakeMicros: bigint;
      selectedTime: SelectedTime;
      payout: Figures;
    };

/** Whether the client sends its own preview figures: none, the right ones, or stale ones. */
export type Figures = 'none' | 'right' | 'wrong';

export interface SentRequest {
  user: UserIx;
  key: string;
  spec: RequestSpec;
  /** The route and body exactly as sent; a retry sends them again unchanged. */
  route: string;
  payload: Record<string, unknown>;
}

/** What the server must have stored under a (user, key): the first successful answer. */
interface StoredAnswer {
  route: string;
  bodyHash: string;
  status: number;
  body: string;
}

export interface Model {
  wallets: Wallet[];
  /** Each user's practice balance: moves only with practice trades and refills. */
  practice: Wallet[];
  /** Whether each user's practice account exists yet (made lazily on first use). */
  practiceMade: boolean[];
  /** How many practice accounts existed when the sequence began (their grants came before). */
  practiceMadeAtStart: number;
  /** The UTC day of each user's last refill (one per day). */
  refilledOn: Array<string | null>;
  deposits: ModelDeposit[];
  withdrawals: ModelWithdrawal[];
  trades: ModelTrade[];
  transfers: ModelTransfer[];
  uploads: ModelUpload[];
  platform: PlatformDeltas;
  requests: SentRequest[];
  storedKeys: Map<string, StoredAnswer>;
  /** Journal entries this sequence must have posted (none for a draw, void or rejection). */
  entries: number;
  steps: number;
}

/** The real side of one sequence: the shared world and this sequence's fresh users. */
export interface Real {
  world: World;
  users: readonly WorldUser[];
  /** Platform balances and the newest entry id when the sequence began. */
  baseline: { platform: PlatformDeltas; lastEntryId: bigint };
  /** Serial of the sequence: names its coins. */
  sequence: number;
  coins: number;
  /**
   * The client address of this sequence's uploads: an address may keep only 50 unclaimed
   * uploads a day, and refused deposits leave theirs unclaimed.
   */
  address: string;
}

export function newModel(): Model {
  return {
    wallets: Array.from({ length: USER_COUNT }, () => ({ availableMicros: 0n, heldMicros: 0n })),
    practice: Array.from({ length: USER_COUNT }, () => ({
      availableMicros: PRACTICE_START_MICROS,
      heldMicros: 0n,
    })),
    refilledOn: Array.from({ length: USER_COUNT }, () => null),
    practiceMade: Array.from({ length: USER_COUNT }, () => true),
    practiceMadeAtStart: USER_COUNT,
    deposits: [],
    withdrawals: [],
    trades: [],
    transfers: [],
    uploads: [],
    platform: {
      feeRevenue: 0n,
      tradingHouse: 0n,
      depositClearing: 0n,
      withdrawalClearing: 0n,
      practiceHouse: 0n,
      practiceFaucet: 0n,
    },
    requests: [],
    storedKeys: new Map(),
    entries: 0,
    steps: 0,
  };
}

export function walletOf(model: Model, user: UserIx): Wallet {
  const wallet = model.wallets[user];
  if (!wallet) throw new Error(`no wallet for user ${user}`);
  return wallet;
}

/**
 * A practice account made on first use: its starting grant is one more entry, from the
 * faucet. Call where the server makes it (a practice trade placed, any refill answered).
 */
export function notePracticeUse(model: Model, user: UserIx): void {
  if (model.practiceMade[user]) return;
  model.practiceMade[user] = true;
  model.entries += 1;
  model.platform.practiceFaucet -= PRACTICE_START_MICROS;
}

/** The wallet a trade of `account` stakes: the real one or the practice one. */
export function tradeWalletOf(model: Model, user: UserIx, account: TradeAccount): Wallet {
  const wallet = (account === 'practice' ? model.practice : model.wallets)[user];
  if (!wallet) throw new Error(`no ${account} wallet for user ${user}`);
  return wallet;
}

export function userOf(real: Real, user: UserIx): WorldUser {
  const found = real.users[user];
  if (!found) throw new Error(`no real user ${user}`);
  return found;
}

/** Keys are scoped to their user: the same key from two users is two requests. */
export const keyId = (user: UserIx, key: string) => `${user}:${key}`;

/** Picks item `index` modulo the list, so generated indices stay valid while shrinking. */
export function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}
