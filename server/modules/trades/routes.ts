/**
 * Timed trades (docs/product.md §3 and §4 Trade; docs/principles.md, principle 1, fair by construction).
 *
 * The client chooses the coin, the direction, the stake and the duration; nothing else. The
 * server takes the entry price from its own newest recorded tick (refusing when that tick is
 * stale), fixes the payout from the published table, holds the stake, and at expiry the
 * settlement takes the exit price from its recorded ticks. A body carrying a price, result
 * or amount of the client's own is refused as an unknown field; a `payoutPercent` that
 * differs from the published one is refused (409), so users get what they confirmed.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CreateTradeBody,
  TRADE_ACCOUNTS,
  TRADE_LIST_TABS,
  type Trade,
  type TradeAccount,
  type TradeListTab,
  type TradePage,
} from '../../../common/contract';
import { displayMicros, formatMicros, parsePercent } from '../../../common/money';
import { MAX_ENTRY_TICK_AGE_MS, ORDERS_PAGE_SIZE } from '../../../common/rules';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { isUuid, positiveAmountField } from '../../http/fields';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { InsufficientFundsError } from '../../ledger/errors';
import { placeHold } from '../../ledger/posting';
import { ensurePracticeAccount } from '../../ledger/practice';
import type { Tx } from '../../ledger/types';
import { newRecordId } from '../../lib/record-id';
import { latestTick } from '../../market/ticks';
import { realTradeGuards } from '../limits';
import { DURATION_S, loadTradingSettings, type TradingSettings } from '../settings';
import {
  countTradesOfUser,
  findTradeOfUser,
  findTrader,
  insertTrade,
  pageOfTradesOfUser,
  type Trader,
} from './repository';
import { settleDueTradesOfUser } from './settlement';
import { tradeView, type TradeRow } from './views';

const COIN_TYPE_PATTERN = /^([A-Z0-9]{2,15})USDT$/;
/** Pages beyond this are refused: 6 × 100,000 trades is more than anyone has. */
const MAX_PAGE = 100_000;

/** "10.00" for whole cents, otherwise all six decimals, so a limit is never misquoted. */
function usdtText(micros: bigint): string {
  return micros % 10_000n === 0n ? displayMicros(micros, 2, '') : formatMicros(micros);
}

/** "80" or "80.5": a percent as people write it. */
function percentText(microPercent: bigint): string {
  return formatMicros(microPercent).replace(/\.?0+$/, '');
}

function parseListQuery(query: unknown): {
  tab: TradeListTab;
  page: number;
  account: TradeAccount;
} {
  const q = (query ?? {}) as Record<string, unknown>;
  const tabText = q.tab ?? 'All';
  if (typeof tabText !== 'string' || !(TRADE_LIST_TABS as readonly string[]).includes(tabText)) {
    throw badRequest('tab must be Pending, Completed or All.', 'invalid_body', 'tab');
  }
  const pageText = q.page ?? '1';
  if (typeof pageText !== 'string' || !/^[1-9]\d{0,5}$/.test(pageText)) {
    throw badRequest('page must be a whole number from 1.', 'invalid_body', 'page');
  }
  const page = Number(pageText);
  if (page > MAX_PAGE)
    throw badRequest(`page must be at most ${MAX_PAGE}.`, 'invalid_body', 'page');
  const accountText = q.account ?? 'real';
  if (
    typeof accountText !== 'string' ||
    !(TRADE_ACCOUNTS as readonly string[]).includes(accountText)
  ) {
    throw badRequest('account must be real or practice.', 'invalid_body', 'account');
  }
  return { tab: tabText as TradeListTab, page, account: accountText as TradeAccount };
}

/** The coin of `coinType` ("BTCUSDT" → "BTC"). */
function symbolOf(coinType: string): string {
  const symbol = COIN_TYPE_PATTERN.exec(coinType)?.[1];
  if (symbol === undefined) {
    throw new ApiError(
      400,
      'coinType must be a listed coin against USDT, such as BTCUSDT.',
      'coin_not_listed',
      'coinType',
    );
  }
  return symbol;
}

/** Refuses a user who may not trade, or a coin that is not listed. */
function checkTrader(trader: Trader | null, symbol: string): Trader {
  if (!trader) throw notFound('User not found.');
  if (trader.disabled) {
    throw new ApiError(
      403,
      'This account is disabled. Please contact support.',
      'account_disabled',
    );
  }
  if (!trader.tradingAllowed) {
    throw new ApiError(
      403,
      'Trading is not allowed on this account. Please contact support.',
      'trading_not_allowed',
    );
  }
  if (!trader.listed) {
    throw new ApiError(404, `${symbol}USDT is not a listed coin.`, 'coin_not_listed', 'coinType');
  }
  return trader;
}

/** Refuses a trade the published trading settings do not allow. */
function checkSettings(settings: TradingSettings, trader: Trader, stakeMicros: bigint): void {
  if (!settings.enabled) {
    throw new ApiError(
      403,
      'Trading is turned off at the moment. Please try again later.',
      'trading_disabled',
    );
  }
  const country = trader.country?.toUpperCase() ?? null;
  if (country !== null && settings.blockedCountries.includes(country)) {
    throw new ApiError(
      403,
      `Trading is not available in your country (${country}).`,
      'trading_restricted',
    );
  }
  if (stakeMicros < settings.minMicros) {
    throw new ApiError(
      400,
      `Minimum trade amount is ${usdtText(settings.minMicros)} USDT`,
      'amount',
      'tradeAmount',
    );
  }
  if (stakeMicros > settings.maxMicros) {
    throw new ApiError(
      400,
      `Maximum trade amount is ${usdtText(settings.maxMicros)} USDT`,
      'amount',
      'tradeAmount',
    );
  }
}

/** Refuses a confirmed payout that is not the published one: users get what they confirmed. */
function checkConfirmedPayout(
  confirmedText: CreateTradeBody['payoutPercent'],
  payoutMicroPercent: bigint,
): void {
  if (confirmedText === undefined) return;
  const confirmed = parsePercent(confirmedText);
  if (!confirmed.ok) {
    throw new ApiError(
      400,
      `payoutPercent: ${confirmed.reason.replace(/^Amount/, 'Percent')}`,
      'amount',
      'payoutPercent',
    );
  }
  if (confirmed.micros !== payoutMicroPercent) {
    throw new ApiError(
      409,
      `The payout for this duration is now ${percentText(payoutMicroPercent)}% (you confirmed ${percentText(confirmed.micros)}%). Please review it and confirm again.`,
      'figures_changed',
      'payoutPercent',
    );
  }
}

/** The entry tick: the newest recorded one, refused when older than the limit. */
async function entryTick(tx: Tx, symbol: string, nowMs: number) {
  const tick = await latestTick(tx, symbol);
  if (tick === null || nowMs - tick.recordedAt.getTime() > MAX_ENTRY_TICK_AGE_MS) {
    throw new ApiError(503, 'Market data unavailable', 'market_unavailable');
  }
  return tick;
}

/** Holds the stake, worded for a trade when the balance is too low. */
async function holdStake(
  tx: Tx,
  wallet: string,
  stakeMicros: bigint,
  account: TradeAccount,
): Promise<void> {
  try {
    await placeHold(tx, wallet, stakeMicros);
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new InsufficientFundsError(
        account === 'practice'
          ? 'Your practice balance is too low for this trade.'
          : 'Your available balance is too low for this trade.',
      );
    }
    throw error;
  }
}

/**
 * The checks of POST /api/createTrade, in order, and the trade they allow. A real trade
 * passes the user's own limits and blocks and the risk acknowledgement (`realTradeGuards`);
 * they lock the user's row, so they run in the same transaction that claims the key and holds
 * the stake. Their windows and pending raises read the app's clock (tests move it on). A
 * practice trade skips them (practice money is nobody's to lose) and stakes the practice
 * account, made with its starting balance if the user has none yet; every other check and
 * the rule are the same.
 */
async function newTrade(tx: Tx, userId: string, body: CreateTradeBody, limitsNowMs: number) {
  const symbol = symbolOf(body.coinType);
  const stakeMicros = positiveAmountField(body.tradeAmount, 'tradeAmount');
  const trader = checkTrader(await findTrader(tx, userId, symbol), symbol);
  const settings = await loadTradingSettings(tx);
  checkSettings(settings, trader, stakeMicros);
  const payoutMicroPercent = settings.payoutMicroPercent[body.selectedTime];
  checkConfirmedPayout(body.payoutPercent, payoutMicroPercent);
  const account = body.account ?? 'real';
  if (account === 'real') await realTradeGuards(tx, userId, stakeMicros, limitsNowMs);
  const wallet = account === 'real' ? trader.wallet : await ensurePracticeAccount(tx, userId);
  const nowMs = Date.now();
  const tick = await entryTick(tx, symbol, nowMs);
  const durationS = DURATION_S[body.selectedTime];
  const row: TradeRow = {
    id: newRecordId(),
    userId,
    symbol,
    direction: body.tradeType,
    stakeMicros,
    account,
    durationS,
    payoutMicroPercent,
    entryPrice: tick.price,
    entryTickAt: tick.recordedAt,
    entrySource: tick.source,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + durationS * 1000),
    status: 'Pending',
    result: null,
    exitPrice: null,
    exitTickAt: null,
    exitSource: null,
    returnedMicros: null,
    voidReason: null,
    settledAt: null,
  };
  return { row, wallet };
}

export const tradeRoutes: FastifyPluginAsync = async (app) => {
  app.post('/createTrade', { config: { access: 'user' } }, async (request, reply) => {
    const body = parseBody(CreateTradeBody, request.body);
    const { userId } = sessionOf(request);
    return runIdempotent(request, reply, 'createTrade', async (tx) => {
      const { row, wallet } = await newTrade(tx, userId, body, app.nowMs());
      const answer: { trade: Trade } = { trade: tradeView(row) };
      return {
        statusCode: 201,
        body: answer,
        apply: async (write) => {
          await holdStake(write, wallet, row.stakeMicros, row.account);
          await insertTrade(write, row);
          request.log.info(
            {
              tradeId: row.id,
              userId,
              symbol: row.symbol,
              durationS: row.durationS,
              account: row.account,
            },
            'trade opened; stake held',
          );
        },
      };
    });
  });

  app.get('/getUserTrades', { config: { access: 'user' } }, async (request): Promise<TradePage> => {
    const { tab, page, account } = parseListQuery(request.query);
    const { userId } = sessionOf(request);
    await settleDueTradesOfUser(app.db, app.platformAccounts, userId);
    const n = await countTradesOfUser(app.db, userId, tab, account);
    const rows = await pageOfTradesOfUser(app.db, userId, tab, page, account);
    return {
      trades: rows.map(tradeView),
      page,
      pageCount: Math.max(1, Math.ceil(n / ORDERS_PAGE_SIZE)),
      total: n,
    };
  });

  app.get<{ Params: { id: string } }>(
    '/getTradeDetails/:id',
    { config: { access: 'user' } },
    async (request): Promise<{ trade: Trade }> => {
      const { userId } = sessionOf(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Trade not found.');
      await settleDueTradesOfUser(app.db, app.platformAccounts, userId);
      const row = await findTradeOfUser(app.db, userId, id);
      if (!row) throw notFound('Trade not found.');
      return { trade: tradeView(row) };
    },
  );
};
