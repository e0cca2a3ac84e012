import { Trans, useLingui } from '@lingui/react/macro';
import { PracticeBadge } from '../shared/practice';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { Trade } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { translate } from '../../services/messages';
import { Button, ButtonLink } from '../../ui/button';
import { clockTime } from '../../ui/date-time';
import { Dialog } from '../../ui/dialog';
import { Detail, DetailList } from '../../ui/list';
import { formatPrice } from '../../ui/market-format';
import { formatSignedMicros, formatWireAmount } from '../../ui/money';
import { Figure } from '../../ui/page';
import { theme } from '../../ui/theme';
import { SidePill } from '../shared/order-card';
import { durationLong, pairText, voidReasonText } from '../shared/trade-format';

/**
 * A settled trade's result (docs/product.md §3 "Trade results"), as the server recorded it:
 * won, lost, draw or void; entry and exit price with their times; the profit or loss and
 * what came back to the wallet; then the receipt (/order/:id) or another trade on the pair.
 */
export function ResultSheet({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const receipt = trade.receipt;
  const profitMicros = trade.profit ? microsFromWire(trade.profit) : 0n;
  const tone = trade.tradeResult === 'win' ? 'up' : trade.tradeResult === 'loss' ? 'down' : 'flat';
  const tradeAgain = () => {
    onClose();
    navigate('/trade', { state: { symbol: trade.coinType } });
  };
  return (
    <Dialog
      open
      title={<ResultTitle result={trade.tradeResult} />}
      onClose={onClose}
      footer={
        <>
          <ButtonLink
            to={`/order/${encodeURIComponent(trade._id)}`}
            variant="secondary"
            onClick={onClose}
          >
            <Trans>View receipt</Trans>
          </ButtonLink>
          <Button onClick={tradeAgain}>
            <Trans>Trade again</Trans>
          </Button>
        </>
      }
    >
      <Lead>
        <strong>{pairText(trade.coinType)}</strong>
        <SidePill side={trade.tradeType} />
        <span>{i18n._(durationLong(trade.durationS))}</span>
        {trade.account === 'practice' && <PracticeBadge />}
      </Lead>
      <Outcome $tone={tone} data-testid="result-profit">
        {trade.tradeResult === 'draw' || trade.tradeResult === 'void' ? (
          <Trans>Stake refunded</Trans>
        ) : (
          <Figure>{formatSignedMicros(profitMicros)} USDT</Figure>
        )}
      </Outcome>
      <DetailList>
        <Detail label={<Trans>Entry price</Trans>}>
          <Figure>{formatPrice(receipt?.entry.price ?? trade.coinPrice)}</Figure>
          {receipt && <At> · {clockTime(Date.parse(receipt.entry.at))}</At>}
        </Detail>
        <Detail label={<Trans>Exit price</Trans>}>
          {receipt?.exit ? (
            <>
              <Figure>{formatPrice(receipt.exit.price)}</Figure>
              <At> · {clockTime(Date.parse(receipt.exit.at))}</At>
            </>
          ) : receipt ? (
            translate(i18n, voidReasonText(receipt.voidReason, receipt.windowS))
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={<Trans>Stake</Trans>}>
          <Figure>{formatWireAmount(trade.tradeAmount)} USDT</Figure>
        </Detail>
        <Detail label={<Trans>Returned</Trans>}>
          <Figure>
            {trade.tradeAfterAmount ? formatWireAmount(trade.tradeAfterAmount) : '—'} USDT
          </Figure>
        </Detail>
      </DetailList>
    </Dialog>
  );
}

function ResultTitle({ result }: { result: Trade['tradeResult'] }) {
  switch (result) {
    case 'win':
      return <Trans>You won</Trans>;
    case 'loss':
      return <Trans>You lost</Trans>;
    case 'draw':
      return <Trans>Draw — stake refunded</Trans>;
    case 'void':
      return <Trans>Void — stake refunded</Trans>;
    case null:
      return <Trans>Settling…</Trans>;
  }
}

const Lead = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};

  strong {
    color: ${theme.colors.text};
  }
`;

const Outcome = styled.p<{ $tone: 'up' | 'down' | 'flat' }>`
  margin: ${theme.space.sm} 0;
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  color: ${({ theme, $tone }) =>
    $tone === 'up'
      ? theme.colors.success
      : $tone === 'down'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

const At = styled.span`
  color: ${theme.colors.textMuted};
  font-weight: ${theme.fontWeights.regular};
`;
