import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { TransferIcon } from '../../ui/icons';
import { DepositIcon, WithdrawIcon } from '../../ui/page-icons';
import { flexColumn, iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** Deposit, Withdraw and Transfer, as large buttons under the balance. */
export function WalletActions() {
  return (
    <Grid>
      <Action to="/deposit" icon={<DepositIcon />}>
        <Trans>Deposit</Trans>
      </Action>
      <Action to="/withdraw" icon={<WithdrawIcon />}>
        <Trans>Withdraw</Trans>
      </Action>
      <Action to="/transfer" icon={<TransferIcon />}>
        <Trans>Transfer</Trans>
      </Action>
    </Grid>
  );
}

function Action({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <ActionLink href={to}>
        <IconCircle>{icon}</IconCircle>
        <span>{children}</span>
      </ActionLink>
    </li>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${theme.space.md};
`;

const ActionLink = styled(Link)`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding: ${theme.space.lg} ${theme.space.xs};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  text-align: center;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const IconCircle = styled.span`
  ${iconDisc(44)}
  background: rgba(108, 124, 255, 0.16);
  color: ${theme.colors.primaryHover};
`;
