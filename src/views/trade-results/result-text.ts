import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Trade } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { formatSignedMicros } from '../../ui/money';
import { pairText } from '../shared/trade-format';

/**
 * The one-line result of a settled trade, for the toast shown away from /trade and /orders:
 * "BTC/USDT Buy won: +8.00 USDT". The figure is the server's recorded profit.
 */
export function resultToastText(i18n: I18n, trade: Trade): string {
  const pair = pairText(trade.coinType);
  const profit = `${formatSignedMicros(trade.profit ? microsFromWire(trade.profit) : 0n)} USDT`;
  const buy = trade.tradeType === 'buy';
  switch (trade.tradeResult) {
    case 'win':
      return i18n._(buy ? msg`${pair} Buy won: ${profit}` : msg`${pair} Sell won: ${profit}`);
    case 'loss':
      return i18n._(buy ? msg`${pair} Buy lost: ${profit}` : msg`${pair} Sell lost: ${profit}`);
    case 'draw':
      return i18n._(msg`${pair}: draw, stake refunded`);
    case 'void':
      return i18n._(msg`${pair}: void, stake refunded`);
    case null:
      throw new Error('a settled trade without a result');
  }
}
