import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { Deposit } from '../../../common/contract';
import { useDepositDetail } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { Detail, DetailList } from '../../ui/list';
import { formatCoinWire, formatRate, formatWireAmount } from '../../ui/money';
import { Page } from '../../ui/page';
import { RecordDetailMissing } from '../shared/not-found-record';
import { RequestOutcome } from '../shared/request-outcome';
import { StatusText } from '../shared/request-status';
import { DepositScreenshot } from './deposit-screenshot';

/** One deposit (docs/product.md §2), refreshed every 10 s. */
export default function DepositDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const detail = useDepositDetail(id);
  if (detail.data) return <DepositDetail deposit={detail.data} />;
  return (
    <RecordDetailMissing
      id={id}
      detail={detail}
      logPath="/deposit/log"
      errorText={<Trans>Error fetching deposit details. Please try again.</Trans>}
      skeletonRows={7}
    />
  );
}

function DepositDetail({ deposit }: { deposit: Deposit }) {
  const dateTime = useDateTime();
  const amount = formatWireAmount(deposit.amount, 2);
  return (
    <Page>
      <RequestOutcome status={deposit.status} reason={deposit.reason} amount={`${amount} USDT`} />
      <DetailList>
        <Detail label={<Trans>Payment Method</Trans>}>
          {deposit.gateway} ({deposit.gatewayType.toUpperCase()})
        </Detail>
        <Detail label={<Trans>Amount</Trans>}>{amount} USDT</Detail>
        <Detail label={<Trans>Coin amount</Trans>}>
          {formatCoinWire(deposit.coinConversion)} {deposit.currency}
        </Detail>
        <Detail label={<Trans>Conversion Rate</Trans>}>
          1 {deposit.currency} = {formatRate(deposit.conversionRate)} USDT
        </Detail>
        <Detail label={<Trans>Status</Trans>}>
          <StatusText status={deposit.status} />
        </Detail>
        <Detail label={<Trans>Transaction ID</Trans>}>
          <code>{deposit.transactionId}</code>
        </Detail>
        <Detail label={<Trans>Date & Time</Trans>}>
          <time dateTime={deposit.createdAt}>{dateTime(deposit.createdAt)}</time>
        </Detail>
      </DetailList>
      <DepositScreenshot url={deposit.transactionScreenshot} />
      <ButtonLink to="/deposit/log" variant="secondary" block>
        <Trans>Show Other Transactions</Trans>
      </ButtonLink>
    </Page>
  );
}
