import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { ChevronRightIcon } from '../../ui/icons';
import { CoinIcon } from '../../ui/coin-icon';
import { SkeletonCircle, SkeletonText } from '../../ui/skeleton';
import { LoadingRegion } from './skeletons';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

export interface MethodTile {
  id: string;
  to: string;
  /** Carried to the checkout as the navigation state (docs/product.md §2). */
  state: object;
  title: string;
  subtitle: ReactNode;
  /** The coin's ticker, whose icon the tile shows. */
  symbol: string;
}

/** A tile's coin icon, in px. */
const METHOD_ICON_PX = 44;

/** Payment methods as tiles: 1, 2 or 4 columns by the width of the screen (docs/product.md §2). */
export function MethodGrid({ tiles, label }: { tiles: readonly MethodTile[]; label: string }) {
  return (
    <Grid aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link href={tile.to} state={tile.state} asChild>
            <Tile>
              <CoinIcon symbol={tile.symbol} sizePx={METHOD_ICON_PX} />
              <Text>
                <strong>{tile.title}</strong>
                <span>{tile.subtitle}</span>
              </Text>
              <ChevronRightIcon sizePx={18} />
            </Tile>
          </Link>
        </li>
      ))}
    </Grid>
  );
}

/**
 * The methods on their way: `tiles` tiles in the grid's shape. docs/product.md §2's 'Loading...' is the
 * region's spoken name.
 */
export function MethodGridSkeleton({ tiles = 4 }: { tiles?: number }) {
  return (
    <LoadingRegion>
      <Grid aria-hidden="true">
        {Array.from({ length: tiles }, (_, index) => (
          <li key={index}>
            <SkeletonTile>
              <SkeletonCircle $widthPx={METHOD_ICON_PX} $heightPx={METHOD_ICON_PX} />
              <Text>
                <strong>
                  <SkeletonText $widthEm={index % 2 === 0 ? 6 : 8} />
                </strong>
                <span>
                  <SkeletonText $widthEm={12} />
                </span>
              </Text>
            </SkeletonTile>
          </li>
        ))}
      </Grid>
    </LoadingRegion>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space.md};

  @media (min-width: 600px) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const tileStyle = css`
  ${flexRow(theme.space.md)}
  height: 100%;
  min-height: ${theme.sizes.touchPx + 28}px;
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
`;

const Tile = styled.a`
  ${tileStyle}

  > svg {
    flex: none;
    color: ${theme.colors.textFaint};
  }
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const SkeletonTile = styled.div`
  ${tileStyle}
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  span {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;
