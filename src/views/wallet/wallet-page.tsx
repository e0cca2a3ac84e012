import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { DepositIcon, HistoryIcon, TransferIcon, WithdrawIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { Figure, Page, Section, SectionTitle } from '../../ui/page';
import { WithUser } from '../shared/with-user';
import { BalanceCard } from './balance-card';

/** The wallet: the one asset (USDT) and the ways money moves in and out. */
export default function WalletPage() {
  return (
    <WithUser>
      {(user) => (
        <Page>
          <BalanceCard user={user} />
          <Section aria-labelledby="assets-title">
            <SectionTitle id="assets-title">
              <Trans>Assets</Trans>
            </SectionTitle>
            <Asset>
              <Coin aria-hidden="true">₮</Coin>
              <div>
                <strong>USDT</strong>
                <span>Tether USD</span>
              </div>
              <Figure>{formatWireAmount(user.balance, 2)}</Figure>
            </Asset>
          </Section>
          <Section aria-labelledby="move-title">
            <SectionTitle id="move-title">
              <Trans>Move money</Trans>
            </SectionTitle>
            <List>
              <ListLink to="/deposit" icon={<DepositIcon sizePx={20} />}>
                <Trans>Deposit</Trans>
              </ListLink>
              <ListLink to="/withdraw" icon={<WithdrawIcon sizePx={20} />}>
                <Trans>Withdraw</Trans>
              </ListLink>
              <ListLink to="/transfer" icon={<TransferIcon sizePx={20} />}>
                <Trans>Transfer</Trans>
              </ListLink>
            </List>
          </Section>
          <Section aria-labelledby="wallet-history-title">
            <SectionTitle id="wallet-history-title">
              <Trans>History</Trans>
            </SectionTitle>
            <List>
              <ListLink to="/deposit/log" icon={<HistoryIcon sizePx={20} />}>
                <Trans>Deposit History</Trans>
              </ListLink>
              <ListLink to="/withdraw/log" icon={<HistoryIcon sizePx={20} />}>
                <Trans>Withdraw History</Trans>
              </ListLink>
              <ListLink to="/transfer/log" icon={<HistoryIcon sizePx={20} />}>
                <Trans>Transfer History</Trans>
              </ListLink>
            </List>
          </Section>
        </Page>
      )}
    </WithUser>
  );
}

const Asset = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  > div {
    display: flex;
    flex-direction: column;
    flex: 1;
  }
  > div span {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  > span:last-child {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Coin = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: #26a17b;
  color: #fff;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;
