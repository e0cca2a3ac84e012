import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Trade } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { formatTrimmedMicros } from '../../ui/money';

/**
 * Display rules of trades shared by /trade, /orders and /order/:id: the countdown text, the
 * outcome of a settled trade, the names of durations, price sources and the rule.
 */

/** HH:MM:SS of a number of seconds (docs/product.md §2: pending orders show an HH:MM:SS countdown). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hh = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return [hh, mm, ss].map((part) => String(part).padStart(2, '0')).join(':');
}

export type TradeOutcome =
  | { kind: 'pending' }
  /** Profit in micro-USDT (what came back minus the stake). */
  | { kind: 'win'; profitMicros: bigint }
  /** The stake lost, as a negative amount. */
  | { kind: 'loss'; profitMicros: bigint }
  | { kind: 'draw' }
  | { kind: 'void' };

export function tradeOutcome(trade: Trade): TradeOutcome {
  if (trade.tradeStatus === 'Pending' || trade.tradeResult === null) return { kind: 'pending' };
  switch (trade.tradeResult) {
    case 'win':
      return { kind: 'win', profitMicros: trade.profit ? microsFromWire(trade.profit) : 0n };
    case 'loss':
      return {
        kind: 'loss',
        profitMicros: trade.profit
          ? microsFromWire(trade.profit)
          : -microsFromWire(trade.tradeAmount),
      };
    case 'draw':
      return { kind: 'draw' };
    case 'void':
      return { kind: 'void' };
  }
}

/** "30s", "60s", "3m", "5m": minutes only from two minutes up. */
export function durationShort(seconds: number): MessageDescriptor {
  if (seconds >= 120 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return msg`${minutes}m`;
  }
  return msg`${seconds}s`;
}

/** "30 seconds", "3 minutes" (the durations are never one second or one minute). */
export function durationLong(seconds: number): MessageDescriptor {
  if (seconds >= 120 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return msg`${minutes} minutes`;
  }
  return msg`${seconds} seconds`;
}

/**
 * "80", "82.5" ("82,5" in German): a percent as people write it, from the wire
 * ("82.500000"), in the reader's language.
 */
export function percentText(wire: string): string {
  return formatTrimmedMicros(microsFromWire(wire));
}

/** The name of a price source as recorded by the server ('binance', 'simulated', ...). */
export function sourceName(source: string): MessageDescriptor | string {
  switch (source) {
    case 'binance':
      return 'Binance';
    case 'binance-us':
      return 'Binance US';
    case 'coingecko':
      return 'CoinGecko';
    case 'simulated':
      return msg`Simulated market`;
    default:
      return source;
  }
}

/**
 * The settlement rule in words, from the receipt's rule (settled trades) or the direction
 * (pending trades, the confirmation dialog). A rule this page does not know is shown as sent.
 */
export function ruleText(
  direction: 'buy' | 'sell',
  receiptRule: string | null = null,
): MessageDescriptor | string {
  const side =
    receiptRule === null
      ? direction
      : receiptRule === 'buy-wins-if-exit-above-entry'
        ? 'buy'
        : receiptRule === 'sell-wins-if-exit-below-entry'
          ? 'sell'
          : null;
  if (side === 'buy') {
    return msg`Buy wins when the exit price is above the entry price; equal prices are a draw and refund the stake.`;
  }
  if (side === 'sell') {
    return msg`Sell wins when the exit price is below the entry price; equal prices are a draw and refund the stake.`;
  }
  return receiptRule ?? '';
}

const VOID_NO_EXIT = /^No recorded price within (\d+) s after expiry$/;

/** Why a trade was void, in the user's language when it is the known reason. */
export function voidReasonText(reason: string | null, windowS: number): MessageDescriptor | string {
  const match = reason === null ? null : VOID_NO_EXIT.exec(reason);
  if (reason === null || match) {
    const seconds = match ? Number(match[1]) : windowS;
    return msg`No recorded price within ${seconds} s after expiry`;
  }
  return reason;
}

/** "BTCUSDT" → "BTC/USDT". */
export function pairText(coinType: string): string {
  return coinType.endsWith('USDT') && coinType.length > 4
    ? `${coinType.slice(0, -4)}/USDT`
    : coinType;
}

const PRICE_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * Compares two non-negative decimal prices exactly (no float): −1, 0 or 1; null when either
 * is not a plain decimal. For the live "winning now" hint only: outcomes are the server's.
 */
export function comparePriceTexts(a: string, b: string): -1 | 0 | 1 | null {
  const x = PRICE_TEXT.exec(a);
  const y = PRICE_TEXT.exec(b);
  if (!x || !y) return null;
  const places = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const left = BigInt((x[1] ?? '0') + (x[2] ?? '').padEnd(places, '0'));
  const right = BigInt((y[1] ?? '0') + (y[2] ?? '').padEnd(places, '0'));
  return left === right ? 0 : left > right ? 1 : -1;
}

/** How an open trade stands against the live price right now: a hint, never a result. */
export function liveStanding(
  direction: 'buy' | 'sell',
  entryPrice: string,
  livePrice: string,
): 'winning' | 'losing' | 'level' | null {
  const move = comparePriceTexts(livePrice, entryPrice);
  if (move === null) return null;
  if (move === 0) return 'level';
  const up = move > 0;
  return up === (direction === 'buy') ? 'winning' : 'losing';
}
