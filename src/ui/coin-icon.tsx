import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { coinIconKey, coinIconLoader, coinInitial, svgDataUrl } from './coin-icons';
import { theme } from './theme';

/**
 * Icons already loaded (an image address) or that failed to load (null), by table key, so
 * that a screen showing a coin again paints its icon at once, and a failed chunk (offline,
 * a new release) is not fetched again on every render; the letter stays instead.
 */
const loadedIcons = new Map<string, string | null>();
const pendingIcons = new Map<string, Promise<void>>();

function loadIcon(symbol: string): Promise<void> {
  const key = coinIconKey(symbol);
  const loader = coinIconLoader(symbol);
  if (!loader || loadedIcons.has(key)) return Promise.resolve();
  let pending = pendingIcons.get(key);
  if (!pending) {
    pending = loader()
      .then((module) => void loadedIcons.set(key, svgDataUrl(module.default)))
      .catch(() => void loadedIcons.set(key, null))
      .finally(() => pendingIcons.delete(key));
    pendingIcons.set(key, pending);
  }
  return pending;
}

/**
 * A coin's icon in a round box of `sizePx` (docs/architecture.md, "Coin icons"): the coin's
 * own logo where the icon package draws it, loaded when first shown; otherwise, and while
 * the logo loads, its initial on a tint derived from its symbol, in the same box, so the
 * swap never moves the layout. Decorative: the coin's name is always in the text beside.
 */
export function CoinIcon({ symbol, sizePx = 36 }: { symbol: string; sizePx?: number }) {
  const key = coinIconKey(symbol);
  const hasIcon = coinIconLoader(symbol) !== undefined;
  // Bumped when this coin's icon arrives, to render again with it.
  const [, setLoadCount] = useState(0);
  useEffect(() => {
    if (!hasIcon || loadedIcons.has(key)) return;
    let live = true;
    void loadIcon(key).then(() => {
      if (live) setLoadCount((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [key, hasIcon]);

  const url = loadedIcons.get(key);
  // What the box shows, for tests and styles: the coin's key, 'loading' or 'letter'.
  const shown = url ? key : hasIcon && url === undefined ? 'loading' : 'letter';
  return (
    <Box aria-hidden="true" $sizePx={sizePx} $hue={hueOf(key)} data-coin-icon={shown}>
      {url ? (
        <img src={url} alt="" width={sizePx} height={sizePx} decoding="async" draggable={false} />
      ) : (
        coinInitial(symbol)
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
  > img {
    display: block;
    width: 100%;
    height: 100%;
  }
`;
