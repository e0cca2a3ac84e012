import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useParams } from 'wouter';
import type { Trade } from '../../../common/contract';
import { payoutAmountWire } from '../../machines/trade-terms';
import { translate } from '../../services/messages';
import { useTradeDetail } from '../../services/trade-queries';
import { ButtonLink } from '../../ui/button';
import { OrdersIcon } from '../../ui/icons';
import { ClockIcon } from '../../ui/page-icons';
import { Detail, DetailList } from '../../ui/list';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';
import { EmptyState, Figure, Muted, Page, TitledSection } from '../../ui/page';
import { formatPrice } from '../../ui/market-format';
import { PageLoadError } from '../shared/load-error';
import { isNotFound } from '../shared/record-state';
import { PageSkeleton } from '../shared/skeletons';
import { TradeCountdown, TradeCountdowns, useCountdownExpired } from '../shared/trade-countdowns';
import { SidePill } from '../shared/order-card';
import {
  durationLong,
  pairText,
  percentText,
  ruleText,
  sourceName,
  tradeOutcome,
  voidReasonText,
} from '../shared/trade-format';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';
import { flexColumn, flexRow } from '../../ui/layout';

/**
 * One order (docs/product.md §2 /order/:id): its fields, the countdown while pending, and once settled
 * the receipt that decided it (docs/principles.md, principle 1): entry and exit ticks with their prices,
 * times and sources (or why it was void), the rule in words, the payout and what came back.
 */
export default function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const detail = useTradeDetail(id);
  const detailView = useLoadView(detail);
  if (detail.data) {
    const trade = detail.data;
    return (
      <TradeCountdowns trades={[trade]}>
        <OrderDetail trade={trade} />
      </TradeCountdowns>
    );
  }
  if (detailView.failed) {
    if (isNotFound(detail.error)) {
      return (
        <Page>
          <EmptyState icon={<OrdersIcon sizePx={32} />} title={<Trans>Order not found.</Trans>}>
            <Trans>There is no order with the ID {id} in your account.</Trans>
          </EmptyState>
          <ButtonLink to="/orders" variant="secondary" block>
            <Trans>Back to orders</Trans>
          </ButtonLink>
        </Page>
      );
    }
    return (
      <PageLoadError view={detailView}>
        <Trans>Error fetching order details. Please try again.</Trans>
      </PageLoadError>
    );
  }
  return <PageSkeleton rows={8} />;
}

function OrderDetail({ trade }: { trade: Trade }) {
  return (
    <Page>
      <Head>
        <Pair>{pairText(trade.coinType)}</Pair>
        <Side side={trade.tradeType} />
        <Outcome trade={trade} />
        <OrderId>
          <Trans>Order ID</Trans> <code>{trade._id}</code>
        </OrderId>
      </Head>
      <OrderFields trade={trade} />
      <SettlementReceipt trade={trade} />
      <ButtonLink to="/orders" variant="secondary" block>
        <Trans>Back to orders</Trans>
      </ButtonLink>
    </Page>
  );
}

/** The order as placed: stake, duration, payout and times, and what it returned. */
function OrderFields({ trade }: { trade: Trade }) {
  const { i18n } = useLingui();
  const outcome = tradeOutcome(trade);
  const payout = percentText(trade.payoutPercent);
  return (
    <TitledSection titleId="order-fields" title={<Trans>Order</Trans>}>
      <DetailList>
        <Detail label={<Trans>Status</Trans>}>
          {trade.tradeStatus === 'Pending' ? <Trans>Pending</Trans> : <Trans>Completed</Trans>}
        </Detail>
        <Detail label={<Trans>Result</Trans>}>
          <ResultWord outcome={outcome} />
        </Detail>
        <Detail label={<Trans>Stake</Trans>}>{formatWireAmount(trade.tradeAmount)} USDT</Detail>
        <Detail label={<Trans>Duration</Trans>}>{i18n._(durationLong(trade.durationS))}</Detail>
        <Detail label={<Trans>Profit percent if it wins</Trans>}>+{payout}%</Detail>
        <Detail label={<Trans>Returned if you win</Trans>}>
          {formatWireAmount(payoutAmountWire(trade.tradeAmount, trade.payoutPercent))} USDT
        </Detail>
        <Detail label={<Trans>Opened</Trans>}>{timeWithSeconds(i18n, trade.createdAt)}</Detail>
        <Detail label={<Trans>Expires</Trans>}>{timeWithSeconds(i18n, trade.expiresAt)}</Detail>
        {trade.tradeAfterAmount !== null && (
          <Detail label={<Trans>Returned</Trans>}>
            {formatWireAmount(trade.tradeAfterAmount)} USDT
          </Detail>
        )}
        {trade.profit !== null && outcome.kind !== 'pending' && (
          <Detail label={<Trans>Profit / loss</Trans>}>
            <Signed
              $tone={outcome.kind === 'win' ? 'up' : outcome.kind === 'loss' ? 'down' : 'flat'}
            >
              {formatSignedMicros(
                outcome.kind === 'win' || outcome.kind === 'loss' ? outcome.profitMicros : 0n,
              )}{' '}
              USDT
            </Signed>
          </Detail>
        )}
      </DetailList>
    </TitledSection>
  );
}

/** How the order was settled: the entry and exit ticks with their sources, and the rule. */
function SettlementReceipt({ trade }: { trade: Trade }) {
  const { i18n } = useLingui();
  const receipt = trade.receipt;
  const windowS = receipt?.windowS ?? 5;
  return (
    <TitledSection titleId="order-receipt" title={<Trans>Settlement receipt</Trans>}>
      <DetailList>
        <Detail label={<Trans>Entry price</Trans>}>
          {formatPrice(receipt?.entry.price ?? trade.coinPrice)}
        </Detail>
        {receipt && (
          <>
            <Detail label={<Trans>Entry time</Trans>}>
              {timeWithSeconds(i18n, receipt.entry.at)}
            </Detail>
            <Detail label={<Trans>Entry source</Trans>}>
              {translate(i18n, sourceName(receipt.entry.source))}
            </Detail>
          </>
        )}
        {receipt?.exit ? (
          <>
            <Detail label={<Trans>Exit price</Trans>}>{formatPrice(receipt.exit.price)}</Detail>
            <Detail label={<Trans>Exit time</Trans>}>
              {timeWithSeconds(i18n, receipt.exit.at)}
            </Detail>
            <Detail label={<Trans>Exit source</Trans>}>
              {translate(i18n, sourceName(receipt.exit.source))}
            </Detail>
          </>
        ) : receipt ? (
          <Detail label={<Trans>Exit price</Trans>}>
            {translate(i18n, voidReasonText(receipt.voidReason, receipt.windowS))}
          </Detail>
        ) : (
          <Detail label={<Trans>Exit price</Trans>}>
            <Trans>At expiry</Trans>
          </Detail>
        )}
        {receipt && (
          <Detail label={<Trans>Settled</Trans>}>{timeWithSeconds(i18n, receipt.settledAt)}</Detail>
        )}
      </DetailList>
      <Rule>
        <strong>
          <Trans>Rule</Trans>
        </strong>
        <p>{translate(i18n, ruleText(trade.tradeType, receipt?.rule ?? null))}</p>
        <p>
          <Trans>
            The exit price is the first price recorded at or after expiry, within {windowS} s;
            without one the trade is void and the stake refunded.
          </Trans>
        </p>
      </Rule>
    </TitledSection>
  );
}

/** Date and time to the second: ticks are whole seconds, and the receipt must show which. */
function timeWithSeconds(i18n: ReturnType<typeof useLingui>['i18n'], iso: string): string {
  return i18n.date(iso, { dateStyle: 'medium', timeStyle: 'medium' });
}

function Outcome({ trade }: { trade: Trade }) {
  const outcome = tradeOutcome(trade);
  switch (outcome.kind) {
    case 'pending':
      return <PendingOutcome tradeId={trade._id} />;
    case 'win':
      return (
        <Result $tone="up" label={<Trans>Gain</Trans>}>
          {formatSignedMicros(outcome.profitMicros)} USDT
        </Result>
      );
    case 'loss':
      return (
        <Result $tone="down" label={<Trans>Loss</Trans>}>
          {formatSignedMicros(outcome.profitMicros)} USDT
        </Result>
      );
    case 'draw':
      return (
        <Result $tone="flat" label={<Trans>Result</Trans>}>
          <Trans>Draw — stake refunded</Trans>
        </Result>
      );
    case 'void':
      return (
        <Result $tone="flat" label={<Trans>Result</Trans>}>
          <Trans>Void — stake refunded</Trans>
        </Result>
      );
  }
}

function ResultWord({ outcome }: { outcome: ReturnType<typeof tradeOutcome> }) {
  switch (outcome.kind) {
    case 'pending':
      return <>—</>;
    case 'win':
      return <Trans>Win</Trans>;
    case 'loss':
      return <Trans>Loss</Trans>;
    case 'draw':
      return <Trans>Draw</Trans>;
    case 'void':
      return <Trans>Void</Trans>;
  }
}

function PendingOutcome({ tradeId }: { tradeId: string }) {
  const expired = useCountdownExpired(tradeId);
  return (
    <Result $tone="pending" label={expired ? <Trans>Settling…</Trans> : <Trans>Time left</Trans>}>
      <ClockIcon sizePx={22} aria-hidden="true" />
      <Figure role="timer">
        <TradeCountdown tradeId={tradeId} />
      </Figure>
    </Result>
  );
}

function Result({
  $tone,
  label,
  children,
}: {
  $tone: Tone;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <ResultBox>
      <Muted>{label}</Muted>
      <ResultValue $tone={$tone}>{children}</ResultValue>
    </ResultBox>
  );
}

type Tone = 'up' | 'down' | 'flat' | 'pending';

const toneColor = (tone: Tone) => (theme: { colors: Record<string, string> }) =>
  tone === 'up'
    ? theme.colors.success
    : tone === 'down'
      ? theme.colors.danger
      : tone === 'pending'
        ? theme.colors.warning
        : theme.colors.text;

const Head = styled.div`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  text-align: center;
`;

const Pair = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

/** Larger than on the order cards. */
const Side = styled(SidePill)`
  padding: 2px ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
`;

const ResultBox = styled.div`
  ${flexColumn(theme.space.xxs)}
  align-items: center;
  margin-top: ${theme.space.sm};
`;

const ResultValue = styled.p<{ $tone: Tone }>`
  ${flexRow(theme.space.sm)}
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone }) => toneColor($tone)(theme)};
`;

const Signed = styled.span<{ $tone: Tone }>`
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => toneColor($tone)(theme)};
`;

const OrderId = styled.p`
  max-width: 100%;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textFaint};
  overflow-wrap: anywhere;

  code {
    color: ${theme.colors.textMuted};
  }
`;

const Rule = styled.div`
  ${flexColumn(theme.space.xs)}
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.45;

  strong {
    color: ${theme.colors.text};
  }
`;
