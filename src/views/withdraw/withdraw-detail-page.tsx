import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useParams } from 'wouter';
import type { Withdraw } from '../../../common/contract';
import { useWithdrawDetail } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { Detail, DetailList } from '../../ui/list';
import { formatCoinWire, formatRate, formatWireAmount } from '../../ui/money';
import { Page } from '../../ui/page';
import { RecordDetailMissing } from '../shared/not-found-record';
import { RequestOutcome } from '../shared/request-outcome';
import { StatusText } from '../shared/request-status';
import { theme } from '../../ui/theme';

/** One withdrawal (docs/product.md §2), refreshed every 10 s. */
export default function WithdrawDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const detail = useWithdrawDetail(id);
  if (detail.data) return <WithdrawDetail withdraw={detail.data} />;
  return (
    <RecordDetailMissing
      id={id}
      detail={detail}
      logPath="/withdraw/log"
      errorText={<Trans>Error fetching withdraw details. Please try again.</Trans>}
      skeletonRows={9}
    />
  );
}

function WithdrawDetail({ withdraw }: { withdraw: Withdraw }) {
  const dateTime = useDateTime();
  const amount = formatWireAmount(withdraw.amount, 2);
  return (
    <Page>
      <RequestOutcome
        status={withdraw.status}
        reason={withdraw.reason}
        amount={`${amount} USDT`}
        completedText={
          <Trans>The recipient will receive the funds to the provided wallet address</Trans>
        }
      />
      <DetailList>
        <Detail label={<Trans>Payment Method</Trans>}>
          {withdraw.gateway} ({withdraw.gatewayType.toUpperCase()})
        </Detail>
        <Detail label={<Trans>Amount</Trans>}>{amount} USDT</Detail>
        <Detail label={<Trans>Processing fee</Trans>}>
          {/* A no-break space keeps the percent sign with its figure on a narrow screen. */}
          {formatWireAmount(withdraw.fee, 4)} USDT ({formatWireAmount(withdraw.charge, 2)}&nbsp;%)
        </Detail>
        <Detail label={<Trans>You receive</Trans>}>
          {formatWireAmount(withdraw.needToPay, 4)} USDT
          <Coin>
            {formatCoinWire(withdraw.coinConversion)} {withdraw.currency}
          </Coin>
        </Detail>
        <Detail label={<Trans>Conversion Rate</Trans>}>
          1 {withdraw.currency} = {formatRate(withdraw.conversionRate)} USDT
        </Detail>
        <Detail label={<Trans>Wallet Address</Trans>}>
          <code>{withdraw.paymentAddress}</code>
        </Detail>
        <Detail label={<Trans>Status</Trans>}>
          <StatusText status={withdraw.status} />
        </Detail>
        {withdraw.transactionHash && (
          <Detail label={<Trans>Transaction hash</Trans>}>
            <code>{withdraw.transactionHash}</code>
          </Detail>
        )}
        <Detail label={<Trans>Date & Time</Trans>}>
          <time dateTime={withdraw.createdAt}>{dateTime(withdraw.createdAt)}</time>
        </Detail>
      </DetailList>
      <ButtonLink to="/withdraw/log" variant="secondary" block>
        <Trans>Show Other Transactions</Trans>
      </ButtonLink>
    </Page>
  );
}

const Coin = styled.span`
  display: block;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;
