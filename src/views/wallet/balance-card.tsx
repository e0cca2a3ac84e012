import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { IconButton } from '../../ui/button';
import { CopyIcon } from '../../ui/page-icons';
import { formatAmountMicros } from '../../ui/money';
import { Figure } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { useCopy } from '../../ui/use-copy';
import { BalanceAmount, BalanceBox, BalanceLabel } from './balance-parts';
import { flexColumn, flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * The user's total balance (2 decimals): what they can spend plus what pending withdrawals
 * and trades hold, and that breakdown; and the Pay ID with a copy button. Without a user
 * (still loading) the same card with placeholders for the figures.
 */
export function BalanceCard({ user }: { user: User | undefined }) {
  const { t } = useLingui();
  const copy = useCopy();
  const availableMicros = user ? microsFromWire(user.balance) : 0n;
  const onHoldMicros = user ? microsFromWire(user.onHold) : 0n;
  const available = formatAmountMicros(availableMicros, 2);
  const onHold = formatAmountMicros(onHoldMicros, 2);
  return (
    <Card aria-labelledby="balance-label" aria-busy={!user || undefined}>
      <BalanceLabel id="balance-label">
        <Trans>Total balance</Trans>
      </BalanceLabel>
      <BalanceAmount>
        {user ? (
          formatAmountMicros(availableMicros + onHoldMicros, 2)
        ) : (
          <SkeletonText $widthEm={4} />
        )}
      </BalanceAmount>
      {/* Always there, on hold or not: a trade or withdrawal must not make the card jump. */}
      {user ? (
        <Breakdown>
          <span>
            <Trans>Available: {available} USDT</Trans>
          </span>
          <span>
            <Trans>On hold: {onHold} USDT</Trans>
          </span>
        </Breakdown>
      ) : (
        <Breakdown>
          <span>
            <SkeletonText $widthEm={11} />
          </span>
          <span>
            <SkeletonText $widthEm={9} />
          </span>
        </Breakdown>
      )}
      <PayIdRow>
        <span>
          <Trans>Pay ID</Trans>
        </span>
        <PayId>{user ? user.payId : <SkeletonText $widthEm={6} />}</PayId>
        <CopyButton
          type="button"
          aria-label={t`Copy Pay ID`}
          disabled={!user}
          onClick={() => {
            if (user) void copy(user.payId, t`Pay Id copied!`);
          }}
        >
          <CopyIcon sizePx={18} />
        </CopyButton>
      </PayIdRow>
    </Card>
  );
}

const Card = styled(BalanceBox)`
  position: relative;
  overflow: hidden;

  &::after {
    content: '';
    position: absolute;
    right: -60px;
    top: -60px;
    width: 180px;
    height: 180px;
    border-radius: 50%;
    background: radial-gradient(circle, rgba(255, 255, 255, 0.12), transparent 70%);
    pointer-events: none;
  }
`;

/** One line each, whatever the figures and the language: the card keeps one height. */
const Breakdown = styled.p`
  ${flexColumn(theme.space.xxs)}
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  color: rgba(238, 241, 247, 0.85);
`;

const PayIdRow = styled.div`
  ${flexRow(theme.space.sm)}
  margin-top: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  color: rgba(238, 241, 247, 0.75);
`;

const PayId = styled(Figure)`
  font-family: ${theme.fonts.mono};
  color: ${theme.colors.text};
  letter-spacing: 0.04em;
`;

const CopyButton = styled(IconButton)`
  margin-left: -${theme.space.xs};
  color: rgba(238, 241, 247, 0.85);

  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
`;
