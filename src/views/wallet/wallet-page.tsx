import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { useUser } from '../../services/queries';
import { formatAmountMicros } from '../../ui/money';
import { Figure, Page, TitledSection } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { EmailVerificationNotice } from '../shared/email-verification-notice';
import { LoadError } from '../shared/load-error';
import { ActivityList } from './activity-list';
import { HistoryLinks } from './history-links';
import { WalletActions } from './wallet-actions';
import { BalanceAmount, BalanceBox, BalanceLabel } from './balance-parts';
import { desktopUp, flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';

/**
 * The wallet: what can be spent, what is held, the ways money moves, and every movement.
 * Only the summary waits for the user; the history links come before the activity, whose
 * length is not known until it loads, so nothing below it can move.
 */
export default function WalletPage() {
  const user = useUser();
  const userView = useLoadView(user);
  return (
    <WalletColumns>
      <Side>
        <EmailVerificationNotice />
        {userView.failed && !user.data ? (
          <LoadError onRetry={userView.retry} busy={userView.busy}>
            <Trans>Failed to load user data.</Trans>
          </LoadError>
        ) : (
          <WalletSummary user={user.data} />
        )}
        <WalletActions />
        <HistoryLinks titleId="wallet-history-title" />
      </Side>
      <TitledSection titleId="wallet-activity-title" title={<Trans>Activity</Trans>}>
        <ActivityList />
      </TitledSection>
    </WalletColumns>
  );
}

/** The balances, or while the user loads the same card with placeholders for the figures. */
function WalletSummary({ user }: { user: User | undefined }) {
  const availableMicros = user ? microsFromWire(user.balance) : 0n;
  const onHoldMicros = user ? microsFromWire(user.onHold) : 0n;
  const figure = (micros: bigint, widthEm: number) =>
    user ? formatAmountMicros(micros, 2) : <SkeletonText $widthEm={widthEm} />;
  return (
    <BalanceBox aria-labelledby="available-label" aria-busy={!user || undefined}>
      <BalanceLabel id="available-label">
        <Trans>Available balance</Trans>
      </BalanceLabel>
      <BalanceAmount>{figure(availableMicros, 4)}</BalanceAmount>
      <Split>
        <div>
          <dt>
            <Trans>On hold</Trans>
          </dt>
          <dd>
            <Figure>{figure(onHoldMicros, 3)} USDT</Figure>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>
            <Figure>{figure(availableMicros + onHoldMicros, 4)} USDT</Figure>
          </dd>
        </div>
      </Split>
    </BalanceBox>
  );
}

/**
 * One column on a phone; on a desktop screen (ui/layout.ts) the wallet beside its
 * activity, the wallet's side staying in view as the activity scrolls.
 */
const WalletColumns = styled(Page)`
  ${desktopUp} {
    display: grid;
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
    column-gap: ${theme.space.xxl};
  }
`;

/** The balances, the ways money moves and the histories: one block, `Page`'s gaps apart. */
const Side = styled.div`
  display: contents;

  ${desktopUp} {
    ${flexColumn(theme.space.xl)}
    position: sticky;
    top: calc(${theme.sizes.headerHeightPx}px + ${theme.space.lg});
  }
`;

const Split = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
  margin: ${theme.space.sm} 0 0;
  padding-top: ${theme.space.md};
  border-top: 1px solid rgba(255, 255, 255, 0.12);

  dt {
    font-size: ${theme.fontSizes.xs};
    color: rgba(238, 241, 247, 0.75);
  }
  dd {
    margin: 0;
    font-weight: ${theme.fontWeights.semibold};
  }
`;
