import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Trade } from '../../../common/contract';
import { useMarketPrice } from '../../services/market-feed-react';
import { ClockIcon } from '../../ui/page-icons';
import { Figure } from '../../ui/page';
import { theme } from '../../ui/theme';
import { SidePill } from '../shared/order-card';
import { TradeCountdown, useCountdownExpired } from '../shared/trade-countdowns';
import { liveStanding, pairText } from '../shared/trade-format';

/**
 * The newest open trade, in the action bar above Buy and Sell so that its countdown is on
 * screen without scrolling: the pair, the side, the time left and, against the live price,
 * whether it is winning or losing right now. That last is a hint, labelled live: the result
 * is the server's, from its recorded exit price (the result sheet shows it).
 */
export function OpenTradeBar({ trade }: { trade: Trade }) {
  const { t } = useLingui();
  const quote = useMarketPrice(trade.coinType);
  const expired = useCountdownExpired(trade._id);
  const standing =
    !expired && quote ? liveStanding(trade.tradeType, trade.coinPrice, quote.lastPrice) : null;
  return (
    <Bar role="group" aria-label={t`Latest open trade`} data-testid="open-trade-bar">
      <strong>{pairText(trade.coinType)}</strong>
      <SidePill side={trade.tradeType} />
      <Time>
        <ClockIcon sizePx={14} aria-hidden="true" />
        {expired ? (
          <Trans>Settling…</Trans>
        ) : (
          <Figure role="timer">
            <TradeCountdown tradeId={trade._id} />
          </Figure>
        )}
      </Time>
      {standing && (
        <Standing $tone={standing}>
          {standing === 'winning' ? (
            <Trans>Winning now (live price)</Trans>
          ) : standing === 'losing' ? (
            <Trans>Losing now (live price)</Trans>
          ) : (
            <Trans>Level now (live price)</Trans>
          )}
        </Standing>
      )}
    </Bar>
  );
}

/**
 * The bar's room while no trade is open: kept, so that Buy and Sell do not move when the
 * open trades arrive (or a trade is placed).
 */
export const OpenTradeSlot = styled.div.attrs({ 'aria-hidden': true })`
  min-height: 2.6em;
  font-size: ${theme.fontSizes.sm};
`;

/** Two lines' height whatever it holds, so the live hint coming and going moves nothing. */
const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-content: center;
  min-height: 2.6em;
  align-items: center;
  gap: ${theme.space.xs} ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};

  > strong {
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Time = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  color: ${theme.colors.warning};
  font-weight: ${theme.fontWeights.semibold};
`;

const Standing = styled.span<{ $tone: 'winning' | 'losing' | 'level' }>`
  margin-left: auto;
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $tone }) =>
    $tone === 'winning'
      ? theme.colors.success
      : $tone === 'losing'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;
