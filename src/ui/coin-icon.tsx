import { useState } from 'react';
import styled from 'styled-components';
import { coinIconKey, coinIconUrl, coinInitial } from './coin-icons';
import { theme } from './theme';

/**
 * Icons that failed to load (offline on a first visit, say), by key, so that the letter
 * stays for them instead of a broken image on every later render.
 */
const failedIcons = new Set<string>();

/**
 * A coin's icon in a round box of `sizePx` (docs/architecture.md, "Coin icons"): the coin's
 * own logo where the icon package draws it, an image file fetched when first shown;
 * otherwise, and while the logo loads, its initial on a tint derived from its symbol, in
 * the same box, so the swap never moves the layout. Decorative: the coin's name is always
 * in the text beside it.
 */
export function CoinIcon({ symbol, sizePx = 36 }: { symbol: string; sizePx?: number }) {
  const key = coinIconKey(symbol);
  const url = failedIcons.has(key) ? undefined : coinIconUrl(key);
  // The key whose image has arrived; a row reused for another coin starts over.
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [, setFailedKey] = useState<string | null>(null);
  const loaded = url !== undefined && loadedKey === key;
  // What the box shows, for tests and styles: the coin's key, 'loading' or 'letter'.
  const shown = loaded ? key : url ? 'loading' : 'letter';
  return (
    <Box aria-hidden="true" $sizePx={sizePx} $hue={hueOf(key)} data-coin-icon={shown}>
      {!loaded && <Initial>{coinInitial(key)}</Initial>}
      {url && (
        <img
          key={key}
          src={url}
          alt=""
          width={sizePx}
          height={sizePx}
          decoding="async"
          draggable={false}
          onLoad={() => setLoadedKey(key)}
          onError={() => {
            failedIcons.add(key);
            setFailedKey(key);
          }}
        />
      )}
    </Box>
  );
}

/** A hue from 0 to 359 derived from the symbol, so each lettered coin keeps its own tint. */
function hueOf(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

const Box = styled.span<{ $hue: number; $sizePx: number }>`
  position: relative;
  display: grid;
  place-items: center;
  flex: none;
  width: ${({ $sizePx }) => $sizePx}px;
  height: ${({ $sizePx }) => $sizePx}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ $hue }) => `hsl(${$hue} 65% 55% / 0.16)`};
  color: ${({ $hue }) => `hsl(${$hue} 80% 72%)`};
  font-size: ${({ $sizePx }) => Math.round($sizePx * 0.42)}px;
  font-weight: ${theme.fontWeights.bold};
  line-height: 1;
  user-select: none;

  &:not([data-coin-icon='letter']):not([data-coin-icon='loading']) {
    background: transparent;
  }
  /* The image lies over the letter, hidden until it has loaded: no jump when it arrives. */
  > img {
    position: absolute;
    inset: 0;
    display: block;
    width: 100%;
    height: 100%;
  }
  &[data-coin-icon='loading'] > img {
    opacity: 0;
  }
`;

const Initial = styled.span``;
