import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Figure } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * The pieces of the wallet's two balance cards (the wallet's summary and the on-chain
 * page's card), so both read as the same card: the gradient box, its label and the large
 * figure with its unit.
 */
export const BalanceBox = styled.section`
  ${flexColumn(theme.space.sm)}
  padding: ${theme.space.xl} ${theme.space.xl} ${theme.space.lg};
  border-radius: ${theme.radii.xl};
  background: ${theme.gradients.card};
  border: 1px solid rgba(255, 255, 255, 0.08);
  box-shadow: ${theme.shadows.raised};
`;

export const BalanceLabel = styled.h2`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: rgba(238, 241, 247, 0.75);
`;

/** The balance in large figures, then "USDT"; `children` is the figure or its placeholder. */
export function BalanceAmount({ children }: { children: ReactNode }) {
  return (
    <Amount>
      <Figure>{children}</Figure>
      <Unit>USDT</Unit>
    </Amount>
  );
}

const Amount = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${theme.space.sm};
  font-size: ${theme.fontSizes.display};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: -0.02em;
  line-height: 1.15;
  overflow-wrap: anywhere;
`;

const Unit = styled.span`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
  color: rgba(238, 241, 247, 0.75);
`;
