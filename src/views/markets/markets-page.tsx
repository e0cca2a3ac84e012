import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useCoinList } from '../../services/queries';
import { ChevronRightIcon } from '../../ui/icons';
import { EmptyState, ErrorMessage, Page, Section, SectionTitle } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

/** The listed coins; tapping one opens /trade with its USDT pair. */
export default function MarketsPage() {
  const { t } = useLingui();
  const coins = useCoinList();
  const [, navigate] = useLocation();
  const message = coins.error?.message ?? '';

  return (
    <Page>
      <Section aria-labelledby="coins-title">
        <SectionTitle id="coins-title">
          <Trans>All Coins</Trans>
        </SectionTitle>
        {coins.isPending && (
          <Loading>
            <Spinner sizePx={24} label={t`Fetching market data...`} />
            <Trans>Fetching market data...</Trans>
          </Loading>
        )}
        {coins.isError && (
          <ErrorMessage>
            <Trans>Error: {message}</Trans>
          </ErrorMessage>
        )}
        {coins.data && coins.data.length === 0 && (
          <EmptyState title={<Trans>No coins match this category.</Trans>} />
        )}
        {coins.data && coins.data.length > 0 && (
          <CoinList>
            {coins.data.map((symbol) => (
              <li key={symbol}>
                <CoinButton
                  type="button"
                  onClick={() => navigate('/trade', { state: { symbol: `${symbol}USDT` } })}
                >
                  <CoinBadge aria-hidden="true">{symbol.slice(0, 1)}</CoinBadge>
                  <Pair>
                    <strong>{symbol}</strong>
                    <span>/USDT</span>
                  </Pair>
                  <ChevronRightIcon sizePx={18} />
                </CoinButton>
              </li>
            ))}
          </CoinList>
        )}
      </Section>
    </Page>
  );
}

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CoinList = styled.ul`
  display: flex;
  flex-direction: column;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;

  > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const CoinButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 60px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 0;
  background: transparent;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  > svg {
    color: ${({ theme }) => theme.colors.textFaint};
  }
`;

const CoinBadge = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Pair = styled.span`
  flex: 1;

  span {
    color: ${({ theme }) => theme.colors.textFaint};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
