import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useHistoryState } from 'wouter/use-browser-location';
import { TRADE_DURATIONS_S } from '../../../common/rules';
import { InfoIcon } from '../../ui/icons';
import { Card, Muted, Page, Section, SectionTitle } from '../../ui/page';

const DEFAULT_SYMBOL = 'BTCUSDT';
const SYMBOL_PATTERN = /^[A-Z0-9]{2,20}USDT$/;

/** The pair arrives in the navigation state from Markets (SPEC §2); Bitcoin otherwise. */
function symbolFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'symbol' in state) {
    const { symbol } = state as { symbol: unknown };
    if (typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)) return symbol;
  }
  return DEFAULT_SYMBOL;
}

export default function TradePage() {
  const { t } = useLingui();
  const symbol = symbolFromState(useHistoryState());
  const base = symbol.slice(0, -'USDT'.length);
  const [durationS, setDurationS] = useState<number>(TRADE_DURATIONS_S[0]);
  const durationLabel = (seconds: number) => {
    const minutes = seconds / 60;
    return seconds < 60 ? t`${seconds}s` : t`${minutes}m`;
  };

  return (
    <Page>
      <PairCard>
        <PairName>
          {base}
          <span>/USDT</span>
        </PairName>
        <Muted>
          <Trans>Timed trade</Trans>
        </Muted>
      </PairCard>
      <Section aria-labelledby="duration-title">
        <SectionTitle id="duration-title">
          <Trans>Duration</Trans>
        </SectionTitle>
        <Durations role="group" aria-labelledby="duration-title">
          {TRADE_DURATIONS_S.map((seconds) => (
            <Duration
              key={seconds}
              type="button"
              aria-pressed={durationS === seconds}
              onClick={() => setDurationS(seconds)}
            >
              {durationLabel(seconds)}
            </Duration>
          ))}
        </Durations>
      </Section>
      <Card role="status" aria-label={t`Market status`}>
        <Status>
          <InfoIcon sizePx={20} />
          <Trans>
            Live prices are not connected, so orders cannot be placed on this pair right now.
          </Trans>
        </Status>
      </Card>
    </Page>
  );
}

const PairCard = styled(Card)`
  gap: ${({ theme }) => theme.space.xs};
`;

const PairName = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Durations = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space.sm};
`;

const Duration = styled.button`
  min-height: ${({ theme }) => theme.sizes.touchPx}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: rgba(108, 124, 255, 0.16);
    color: ${({ theme }) => theme.colors.primaryHover};
  }
`;

const Status = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
`;
