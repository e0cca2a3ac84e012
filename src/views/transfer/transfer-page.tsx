import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useSiteSetting } from '../../services/queries';
import { HistoryIcon, ShieldCheckIcon, TransferIcon, ZapIcon } from '../../ui/icons';
import { Detail, DetailList, List, ListLink } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { Badge, Card, Muted, Page } from '../../ui/page';
import { WithUser } from '../shared/with-user';

/** Transfer rules from the site settings, with the spec's fallbacks (minimum 0, fee 1 %). */
function useTransferRules() {
  const setting = useSiteSetting();
  return {
    minimum: setting.data ? formatWireAmount(setting.data.transferMin, 2) : '0.00',
    feePercent: setting.data ? formatWireAmount(setting.data.transferCharge, 2) : '1.00',
  };
}

export default function TransferPage() {
  const rules = useTransferRules();
  return (
    <WithUser>
      {(user) => (
        <Page>
          <Intro>
            <IconBox aria-hidden="true">
              <TransferIcon />
            </IconBox>
            <h2>
              <Trans>Internal Wallet Transfer</Trans>
            </h2>
            <Muted>
              <Trans>Send USDT to another member by their Pay ID.</Trans>
            </Muted>
            <Badges>
              <Badge $tone="success">
                <ZapIcon sizePx={14} />
                <Trans>Instant</Trans>
              </Badge>
              <Badge $tone="success">
                <ShieldCheckIcon sizePx={14} />
                <Trans>Encrypted & Verified</Trans>
              </Badge>
            </Badges>
          </Intro>
          <DetailList>
            <Detail label={<Trans>Available balance</Trans>}>
              {formatWireAmount(user.balance, 2)} USDT
            </Detail>
            <Detail label={<Trans>Minimum amount</Trans>}>{rules.minimum} USDT</Detail>
            <Detail label={<Trans>Transfer fee</Trans>}>{rules.feePercent} %</Detail>
          </DetailList>
          <List>
            <ListLink to="/transfer/log" icon={<HistoryIcon sizePx={20} />}>
              <Trans>Transfer History</Trans>
            </ListLink>
          </List>
        </Page>
      )}
    </WithUser>
  );
}

const Intro = styled(Card)`
  align-items: center;
  text-align: center;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const IconBox = styled.span`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
