import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { microsFromWire } from '../../../common/money';
import {
  breakEvenMicroPercent,
  coinFlipMicroPercent,
  shareMicroPercent,
} from '../../../common/odds';
import { useFairnessStats } from '../../services/fairness-api';
import { formatAmountMicros, formatSignedMicros } from '../../ui/money';
import { theme } from '../../ui/theme';
import { whenIdle } from '../../ui/when-idle';
import { percentText } from '../shared/trade-format';

/**
 * The odds in plain sight (docs/product.md §4): on the trade form and in the confirmation,
 * the win rate that breaks even at the chosen payout and the expected result of a trade
 * that wins half the time, both from the payout alone (common/odds.ts), one decimal.
 */
export function BreakEvenNote({ payoutPercent }: { payoutPercent: string }) {
  const payoutMicroPercent = microsFromWire(payoutPercent);
  if (payoutMicroPercent <= 0n) return null;
  const payout = percentText(payoutPercent);
  const breakEven = formatAmountMicros(breakEvenMicroPercent(payoutMicroPercent), 1);
  const coinFlip = formatSignedMicros(coinFlipMicroPercent(payoutMicroPercent), 1);
  return (
    <Note data-testid="break-even">
      <Trans>
        At {payout} % profit you must win {breakEven} % of trades to break even.
      </Trans>{' '}
      <Trans>A trade with even chances is expected to return {coinFlip} % of its stake.</Trans>
    </Note>
  );
}

/** How long the trade screen waits for an idle moment before it asks for the figures. */
const STATS_IDLE_TIMEOUT_MS = 3000;

/**
 * How traders on the platform fare: of the accounts that traded in the last 90 days, the
 * share that lost money, and the house's result, with a link to /fairness. The figures are
 * asked for once the screen is idle, so they never hold up its first load.
 */
export function TradersLine() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), STATS_IDLE_TIMEOUT_MS), []);
  const stats = useFairnessStats({ enabled: wanted });
  const period = stats.data?.last90Days;
  const share = period ? shareMicroPercent(period.accountsThatLost, period.activeAccounts) : null;
  const house = period ? formatSignedMicros(microsFromWire(period.houseResult)) : '';
  const lostShare = share === null ? '' : formatAmountMicros(share, 1);
  return (
    <Line data-testid="traders-line">
      {!period ? null : share === null ? (
        <Trans>No trades were settled in the last 90 days.</Trans>
      ) : (
        <Trans>
          Last 90 days: {lostShare} % of active accounts lost money; the house&apos;s result was{' '}
          {house} USDT.
        </Trans>
      )}{' '}
      <FairLink href="/fairness">
        <Trans>How trades are settled</Trans>
      </FairLink>
    </Line>
  );
}

const Note = styled.p`
  font-size: ${theme.fontSizes.xs};
  line-height: 1.45;
  color: ${theme.colors.textMuted};
`;

const Line = styled.p`
  font-size: ${theme.fontSizes.xs};
  line-height: 1.45;
  color: ${theme.colors.textMuted};
  text-align: center;
`;

const FairLink = styled(Link)`
  color: ${theme.colors.primaryHover};
  text-decoration: underline;
  text-underline-offset: 2px;
`;
