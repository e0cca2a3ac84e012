import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { HomeIcon, MarketsIcon, OrdersIcon, TradeIcon, WalletIcon } from '../../ui/icons';
import { desktopUp, flexColumn, RAIL_WIDTH_PX } from '../../ui/layout';
import { theme } from '../../ui/theme';

interface Tab {
  to: string;
  label: MessageDescriptor;
  Icon: ComponentType<{ sizePx?: number }>;
}

export const TABS: readonly Tab[] = [
  { to: '/', label: msg`Home`, Icon: HomeIcon },
  { to: '/markets', label: msg`Markets`, Icon: MarketsIcon },
  { to: '/trade', label: msg`Trade`, Icon: TradeIcon },
  { to: '/orders', label: msg`Orders`, Icon: OrdersIcon },
  { to: '/wallet', label: msg`Wallet`, Icon: WalletIcon },
];

/**
 * The tab a path belongs to. Onchain is what Home shows when signed in, and an order's
 * detail belongs to Orders.
 */
export function activeTab(path: string): string | null {
  if (path === '/' || path === '/onchain') return '/';
  for (const tab of TABS) {
    if (tab.to !== '/' && (path === tab.to || path.startsWith(`${tab.to}/`))) return tab.to;
  }
  if (path.startsWith('/order/')) return '/orders';
  return null;
}

/**
 * A bar along the bottom on phones; on a desktop screen (ui/layout.ts) a rail along the left
 * edge, below the header's height. `$desktopOnly`: a screen that has no bottom bar on a phone
 * (a form, a history) still has the rail.
 */
const Nav = styled.nav<{ $desktopOnly: boolean }>`
  position: fixed;
  bottom: 0;
  left: 0;
  right: 0;
  z-index: ${theme.zIndices.bottomBar};
  display: ${({ $desktopOnly }) => ($desktopOnly ? 'none' : 'block')};
  padding-bottom: env(safe-area-inset-bottom, 0px);
  background: rgba(19, 24, 34, 0.94);
  backdrop-filter: saturate(1.4) blur(12px);
  border-top: 1px solid ${theme.colors.border};

  ${desktopUp} {
    display: block;
    top: 0;
    right: auto;
    width: ${RAIL_WIDTH_PX}px;
    padding: ${theme.sizes.headerHeightPx + 8}px 0 0;
    border-top: none;
    border-right: 1px solid ${theme.colors.border};
  }
`;

const Tabs = styled.ul`
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  max-width: ${theme.sizes.contentMaxWidthPx}px;
  height: ${theme.sizes.bottomBarHeightPx}px;
  margin: 0 auto;

  ${desktopUp} {
    grid-template-columns: 1fr;
    grid-auto-rows: 72px;
    height: auto;
    gap: ${theme.space.xs};
  }
`;

const TabLink = styled(Link)`
  ${flexColumn('2px')}
  align-items: center;
  justify-content: center;
  height: 100%;
  color: ${theme.colors.textFaint};
  font-size: 0.6875rem;
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;
  transition: color ${theme.durations.fastMs}ms ease;

  @media (hover: hover) {
    &:hover {
      color: ${theme.colors.text};
    }
  }

  &[aria-current='page'] {
    color: ${theme.colors.primaryHover};
  }
  &[aria-current='page'] svg {
    filter: drop-shadow(0 0 6px rgba(108, 124, 255, 0.5));
  }
`;

export function BottomBar({ desktopOnly = false }: { desktopOnly?: boolean }) {
  const { i18n, t } = useLingui();
  const [path] = useLocation();
  const current = activeTab(path);
  return (
    <Nav aria-label={t`Main`} $desktopOnly={desktopOnly}>
      <Tabs>
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <TabLink href={to} aria-current={current === to ? 'page' : undefined}>
              <Icon sizePx={22} />
              <span>{i18n._(label)}</span>
            </TabLink>
          </li>
        ))}
      </Tabs>
    </Nav>
  );
}
