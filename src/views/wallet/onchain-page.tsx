import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Page } from '../../ui/page';
import { HotCoins } from '../shared/hot-coins';
import { MarketSnapshot } from '../shared/market-snapshot';
import { WithUser } from '../shared/with-user';
import { BalanceCard } from './balance-card';
import { NoticeBanner } from './notice-banner';
import { VerificationPrompt } from './verification-prompt';
import { HistoryLinks } from './history-links';
import { WalletActions } from './wallet-actions';

/** Coins in the market snapshot: the first of the listed coins. */
const SNAPSHOT_COINS = 4;

/**
 * The signed-in home: balance, Pay ID, the money actions, the admin's notice, and the
 * market at a glance (Hot Coins and a few live prices).
 */
export default function OnchainPage() {
  return (
    <WithUser
      // Only the card: what comes under it depends on the user (their notice, verification).
      skeleton={
        <Page>
          <BalanceCard user={undefined} />
        </Page>
      }
    >
      {(user) => (
        <Page>
          <BalanceCard user={user} />
          {user.appNotice?.trim() && <NoticeBanner notice={user.appNotice.trim()} />}
          <WalletActions />
          <VerificationPrompt user={user} />
          <HotCoins />
          <MarketSnapshot
            count={SNAPSHOT_COINS}
            title={<Trans>Market snapshot</Trans>}
            action={
              <Link href="/markets">
                <Trans>View all markets</Trans>
              </Link>
            }
          />
          <HistoryLinks titleId="history-title" />
        </Page>
      )}
    </WithUser>
  );
}
