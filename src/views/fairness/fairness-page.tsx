import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { FairnessPeriod } from '../../../common/contract';
import { MICROS_PER_USDT, microsFromWire } from '../../../common/money';
import { shareMicroPercent } from '../../../common/odds';
import { RECEIPTS_PER_FILE, SETTLEMENT_WINDOW_S } from '../../../common/rules';
import { useFairnessStats } from '../../services/fairness-api';
import { useLoadView } from '../../services/load-view';
import { ShieldCheckIcon } from '../../ui/icons';
import { ClockIcon, HistoryIcon, SearchIcon } from '../../ui/page-icons';
import { Detail, DetailList } from '../../ui/list';
import { formatAmountMicros, formatSignedMicros } from '../../ui/money';
import { Page } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { theme } from '../../ui/theme';
import { ArticleSection, Lead, TextLink } from '../shared/article';
import { LoadError } from '../shared/load-error';

/**
 * The public fairness record (docs/product.md §4 Fairness), open to anyone: the settlement
 * rule in plain words, the last 30 days' settled trades by result and the house's result,
 * how recorded prices are kept, and how to check a receipt offline.
 */
export default function FairnessPage() {
  const window = SETTLEMENT_WINDOW_S;
  const limit = formatAmountMicros(RECEIPTS_PER_FILE * MICROS_PER_USDT, 0);
  return (
    <Page>
      <Lead>
        <Trans>
          Every timed trade is settled by one published rule, from prices the server recorded
          itself. Here are the rule, the results of the last 30 days and how to check your own
          trades.
        </Trans>
      </Lead>

      <ArticleSection
        id="fairness-rule"
        icon={<ShieldCheckIcon sizePx={18} />}
        title={<Trans>The settlement rule</Trans>}
      >
        <p>
          <Trans>
            A Buy wins when the exit price is above the entry price; a Sell wins when it is below.
            An exit price equal to the entry price is a draw, and the stake is refunded.
          </Trans>
        </p>
        <p>
          <Trans>
            The entry price is the server&apos;s newest recorded price when it accepts the trade.
            The exit price is the first price recorded at or after expiry, at most {window} seconds
            later; without one the trade is void and the stake is refunded.
          </Trans>
        </p>
        <p>
          <Trans>
            A win returns the stake plus the profit percent fixed when the trade was placed, rounded
            down to a millionth of a USDT. A loss costs the stake. Nobody, operators included, can
            choose or change an outcome.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="fairness-record"
        icon={<HistoryIcon sizePx={18} />}
        title={<Trans>The last 30 days</Trans>}
      >
        <Record />
      </ArticleSection>

      <ArticleSection
        id="fairness-prices"
        icon={<ClockIcon sizePx={18} />}
        title={<Trans>How recorded prices are kept</Trans>}
      >
        <p>
          <Trans>
            The server records one price a second for every listed coin, each with its source and
            time, and stores it in its database. Trades are settled only from these records, so any
            server of the site settles a trade the same way, even after a restart. Prices are kept
            for a set number of days (30 unless the operator chose otherwise) and are never edited.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="fairness-check"
        icon={<SearchIcon sizePx={18} />}
        title={<Trans>How to check a receipt</Trans>}
      >
        <p>
          <Trans>
            Every settled trade shows its receipt on its order page: the entry and exit prices with
            their sources and times, and the rule. On the <TextLink href="/orders">Orders</TextLink>{' '}
            page, Download receipts saves your newest {limit} settled trades with the recorded
            prices that decided them.
          </Trans>
        </p>
        <p>
          <Trans>
            Then, in a copy of this app&apos;s open source code, run the command below. It checks
            every trade in the file without the site&apos;s server or database, with the same rule,
            and reports any trade whose result does not follow from its prices.
          </Trans>
        </p>
        <Command>npm run trades:verify -- --receipts trade-receipts.json</Command>
        <p>
          <Trans>
            You can also compare the recorded prices with any public price history of the coin at
            those seconds.
          </Trans>
        </p>
      </ArticleSection>
    </Page>
  );
}

/** The last 30 days' figures, from GET /api/getFairnessStats. */
function Record() {
  const stats = useFairnessStats();
  const view = useLoadView(stats);
  if (view.failed && !stats.data) {
    return (
      <LoadError onRetry={view.retry} busy={view.busy}>
        <Trans>Error loading the figures. Please try again.</Trans>
      </LoadError>
    );
  }
  const period = stats.data?.last30Days;
  if (period && period.settled === 0) {
    return (
      <p>
        <Trans>No trades were settled in the last 30 days.</Trans>
      </p>
    );
  }
  return (
    <DetailList aria-busy={!period || undefined}>
      <Detail label={<Trans>Settled trades</Trans>}>
        {figure(period, (p) => String(p.settled))}
      </Detail>
      <Detail label={<Trans>Won</Trans>}>{figure(period, (p) => share(p.won, p.settled))}</Detail>
      <Detail label={<Trans>Lost</Trans>}>{figure(period, (p) => share(p.lost, p.settled))}</Detail>
      <Detail label={<Trans>Draw (stake refunded)</Trans>}>
        {figure(period, (p) => share(p.drawn, p.settled))}
      </Detail>
      <Detail label={<Trans>Void (stake refunded)</Trans>}>
        {figure(period, (p) => share(p.void, p.settled))}
      </Detail>
      <Detail label={<Trans>Accounts that lost money</Trans>}>
        {figure(period, (p) => share(p.accountsThatLost, p.activeAccounts))}
      </Detail>
      <Detail label={<Trans>The house&apos;s result</Trans>}>
        {figure(period, (p) => `${formatSignedMicros(microsFromWire(p.houseResult))} USDT`)}
      </Detail>
    </DetailList>
  );
}

function figure(
  period: FairnessPeriod | undefined,
  text: (period: FairnessPeriod) => string,
): ReactNode {
  return period ? <Nowrap>{text(period)}</Nowrap> : <SkeletonText $widthEm={4} />;
}

/** "12.5 % (3)": the share and the count it comes from. */
function share(part: number, whole: number): string {
  const micro = shareMicroPercent(part, whole);
  return micro === null ? '—' : `${formatAmountMicros(micro, 1)} % (${part})`;
}

const Command = styled.code`
  display: block;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;
