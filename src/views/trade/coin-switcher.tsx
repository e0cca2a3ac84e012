import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useMarketPrice } from '../../services/market-feed-react';
import { useCoinList } from '../../services/queries';
import { Dialog } from '../../ui/dialog';
import { ChevronDownIcon } from '../../ui/icons';
import { formatChange, formatPrice, shownChangeTone } from '../../ui/market-format';
import { Figure, Muted } from '../../ui/page';
import { theme } from '../../ui/theme';
import { CoinBadge, useOpenTrade } from '../shared/coin-row';

/** The most coins the switcher lists (the admin lists a few dozen at most). */
const MAX_COINS = 100;

/**
 * Chooses another listed coin without leaving /trade: a button beside the pair's name opens
 * the list; a choice opens /trade with that pair in the navigation state, as Markets does.
 */
export function CoinSwitcher({ coin }: { coin: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SwitchButton
        type="button"
        aria-haspopup="dialog"
        aria-label={t`Change coin`}
        onClick={() => setOpen(true)}
      >
        <CoinBadge symbol={coin} sizePx={28} />
        <ChevronDownIcon sizePx={18} aria-hidden="true" />
      </SwitchButton>
      {open && <CoinChoice current={coin} onClose={() => setOpen(false)} />}
    </>
  );
}

function CoinChoice({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useLingui();
  const coins = useCoinList();
  const openTrade = useOpenTrade();
  const choose = (coin: string) => {
    onClose();
    if (coin !== current) openTrade(coin);
  };
  return (
    <Dialog open title={<Trans>Choose a coin</Trans>} onClose={onClose}>
      {coins.isError ? (
        <Muted>
          <Trans>Error loading coins. Please try again.</Trans>
        </Muted>
      ) : !coins.data ? (
        <Muted>
          <Trans>Fetching market data...</Trans>
        </Muted>
      ) : (
        <Coins aria-label={t`Coins`}>
          {coins.data.slice(0, MAX_COINS).map((coin) => (
            <li key={coin}>
              <CoinButton
                type="button"
                aria-current={coin === current ? 'true' : undefined}
                onClick={() => choose(coin)}
              >
                <CoinBadge symbol={coin} sizePx={32} />
                <strong>
                  {coin}
                  <span>/USDT</span>
                </strong>
                <CoinQuote coin={coin} />
              </CoinButton>
            </li>
          ))}
        </Coins>
      )}
    </Dialog>
  );
}

function CoinQuote({ coin }: { coin: string }) {
  const quote = useMarketPrice(`${coin}USDT`);
  if (!quote) return <Figure />;
  return (
    <Quote $tone={shownChangeTone(quote.changePercent)}>
      <Figure>{formatPrice(quote.lastPrice)}</Figure>
      <Figure>{formatChange(quote.changePercent)}</Figure>
    </Quote>
  );
}

const SwitchButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  min-height: ${theme.sizes.touchPx}px;
  padding: 0 ${theme.space.xs};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.textMuted};
  cursor: pointer;
`;

const Coins = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  max-height: 60vh;
  overflow-y: auto;
`;

const CoinButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  width: 100%;
  min-height: ${theme.sizes.touchPx + 8}px;
  padding: ${theme.space.xs} ${theme.space.sm};
  border: 1px solid transparent;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.text};
  text-align: left;
  cursor: pointer;

  strong {
    flex: 1;
    font-weight: ${theme.fontWeights.semibold};
  }
  strong span {
    color: ${theme.colors.textMuted};
    font-weight: ${theme.fontWeights.regular};
  }
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
  &[aria-current='true'] {
    border-color: ${theme.colors.primary};
  }
`;

const Quote = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  font-size: ${theme.fontSizes.sm};

  > span:last-child {
    font-size: ${theme.fontSizes.xs};
    color: ${({ theme, $tone }) =>
      $tone === 'up'
        ? theme.colors.success
        : $tone === 'down'
          ? theme.colors.danger
          : theme.colors.textMuted};
  }
`;
