import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled, { css } from 'styled-components';
import type { TradeAccount } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { PRACTICE_BALANCE_MICROS } from '../../../common/rules';
import { ApiError } from '../../services/api-error';
import { queryKeys, useUser } from '../../services/queries';
import { refillPracticeBalance } from '../../services/limits-api';
import { setTradeAccount, useTradeAccount } from '../../services/trade-account';
import { Button } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { formatWireAmount } from '../../ui/money';
import { Badge, Figure } from '../../ui/page';
import { SegmentedTab, SegmentedTabs } from '../../ui/segmented-tabs';
import { SkeletonText } from '../../ui/skeleton';
import { theme } from '../../ui/theme';
import { useToast } from '../../ui/toast';

/**
 * Practice mode on screen (issue 21, part 1): the Real / Practice switch of /trade and
 * /orders, the "Practice" label that every amount of practice money carries, the practice
 * balance with its daily refill, and the frame that marks a practice form or sheet in the
 * practice colour (amber, the theme's warning), so practice money is never taken for USDT.
 */

/** The "Practice" label beside practice amounts, forms and trades. */
export function PracticeBadge() {
  return (
    <Badge $tone="warning" data-testid="practice-badge">
      <Trans>Practice</Trans>
    </Badge>
  );
}

/**
 * The amber frame of a practice form or card: the border only, on the usual surface, so the
 * muted texts inside keep their contrast (an amber tint behind them fell below 4.5:1).
 */
export const practiceFrame = css`
  border: 2px solid ${theme.colors.warning};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`;

/** Real / Practice: which balance /trade stakes and which trades /orders lists. */
export function AccountSwitch() {
  const { t } = useLingui();
  const account = useTradeAccount();
  const option = (value: TradeAccount, label: string) => (
    <SwitchButton
      type="button"
      aria-pressed={account === value}
      $practice={value === 'practice'}
      onClick={() => setTradeAccount(value)}
    >
      {label}
    </SwitchButton>
  );
  return (
    <Switch role="group" aria-label={t`Real or practice money`}>
      {option('real', t`Real`)}
      {option('practice', t`Practice`)}
    </Switch>
  );
}

/** Whether the refill would add anything: the balance shown is below 10,000. */
function belowTop(practiceBalance: string): boolean {
  return microsFromWire(practiceBalance) < PRACTICE_BALANCE_MICROS;
}

/**
 * The practice balance with "Refill to 10,000", shown while Practice is on. The refill is
 * disabled, with the time it opens, once today's was made (the server says when).
 */
export function PracticeBalanceCard() {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const data = user.data;
  const refillAt = data?.practiceRefillAt ?? null;
  const refill = async () => {
    setBusy(true);
    try {
      await refillPracticeBalance();
      toast({ tone: 'success', text: t`Practice balance refilled to 10,000.` });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'practice_refill_too_early') {
        const when = error.opensAt ? dateTime(error.opensAt.toISOString()) : '';
        toast({ tone: 'error', text: t`You can refill again from ${when}.` });
      } else if (error instanceof ApiError && error.code === 'practice_balance_full') {
        toast({ tone: 'error', text: t`Your practice balance is already at 10,000.` });
      } else {
        toast({ tone: 'error', text: t`Couldn't refill your practice balance. Please try again.` });
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    }
  };
  return (
    <Box aria-labelledby="practice-balance-title" data-testid="practice-balance">
      <Row>
        <Title id="practice-balance-title">
          <Trans>Practice balance</Trans>
        </Title>
        <PracticeBadge />
      </Row>
      <Spread>
        <Amount>
          {data ? `${formatWireAmount(data.practiceBalance)} USDT` : <SkeletonText $widthEm={7} />}
        </Amount>
        <Button
          variant="secondary"
          busy={busy}
          disabled={!data || refillAt !== null || !belowTop(data.practiceBalance)}
          onClick={() => void refill()}
        >
          <Trans>Refill to 10,000</Trans>
        </Button>
      </Spread>
      {refillAt !== null && (
        <Note>
          <Trans>Next refill from {dateTime(refillAt)}</Trans>
        </Note>
      )}
      <Note>
        <Trans>Practice money only: it can never become USDT, and no real money is at stake.</Trans>
      </Note>
    </Box>
  );
}

/** The markets' segmented tabs, two of them. */
const Switch = styled(SegmentedTabs)`
  grid-template-columns: 1fr 1fr;
`;

/** A segmented tab as a toggle button: the chosen side raised, Practice in amber. */
const SwitchButton = styled(SegmentedTab)<{ $practice: boolean }>`
  &[aria-pressed='true'] {
    background: ${({ $practice }) =>
      $practice ? theme.colors.warningSoft : theme.colors.surfaceRaised};
    color: ${({ $practice }) => ($practice ? theme.colors.warning : theme.colors.text)};
    box-shadow: ${({ $practice }) => ($practice ? `inset 0 0 0 1px ${theme.colors.warning}` : 'none')};
  }
`;

const Box = styled.section`
  ${practiceFrame}
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
`;

const Spread = styled(Row)`
  justify-content: space-between;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;

const Amount = styled(Figure)`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.warning};
`;

const Note = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
