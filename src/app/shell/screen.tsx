import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import styled from 'styled-components';
import { Redirect } from 'wouter';
import { useSession } from '../../machines/auth-session';
import {
  COMPANION_WIDTH_PX,
  DESKTOP_COLUMN_MAX_PX,
  desktopUp,
  PAGE_MAX_WIDTH_VAR,
  RAIL_WIDTH_PX,
} from '../../ui/layout';
import { PRODUCT_NAME } from '../../ui/logo';
import { PageSpinner } from '../../ui/spinner';
import { theme } from '../../ui/theme';
import { guardRoute } from '../guard';
import type { RouteDef } from '../route-table';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { useDesktop } from './use-desktop';

/** The console's two-factor gate, loaded with the console only (views/admin/console). */
const AdminTwoFactorGate = lazy(() => import('../../views/admin/console/two-factor-gate'));

/**
 * The screen's frame. On a desktop screen (ui/layout.ts) it makes room for the navigation
 * rail and sets how wide the content column (and the header's line with it) may grow.
 */
const Frame = styled.div<{ $rail: boolean; $columnMaxPx: number | null }>`
  ${desktopUp} {
    padding-left: ${({ $rail }) => ($rail ? RAIL_WIDTH_PX : 0)}px;
    ${({ $columnMaxPx }) => ($columnMaxPx ? `${PAGE_MAX_WIDTH_VAR}: ${$columnMaxPx}px;` : '')}
  }
`;

/** The page, and on a desktop screen its companion beside it (the two share the column). */
const Columns = styled.div<{ $withCompanion: boolean }>`
  ${desktopUp} {
    ${({ $withCompanion }) =>
      $withCompanion
        ? `
    display: grid;
    grid-template-columns: ${COMPANION_WIDTH_PX}px minmax(0, 1fr);
    align-items: start;
    max-width: var(${PAGE_MAX_WIDTH_VAR});
    margin: 0 auto;

    > main {
      ${PAGE_MAX_WIDTH_VAR}: none;
    }
    `
        : ''}
  }
`;

/** Beside the page, it stays in view as the page scrolls, and scrolls on its own. */
const Companion = styled.aside`
  position: sticky;
  top: ${theme.sizes.headerHeightPx}px;
  max-height: calc(100dvh - ${theme.sizes.headerHeightPx}px);
  overflow-y: auto;
  border-right: 1px solid ${theme.colors.border};
`;

const Main = styled.main<{ $withBottomBar: boolean }>`
  min-width: 0;
  padding-bottom: ${({ theme, $withBottomBar }) =>
    $withBottomBar
      ? `calc(${theme.sizes.bottomBarHeightPx}px + env(safe-area-inset-bottom, 0px))`
      : '0'};

  ${desktopUp} {
    padding-bottom: 0;
  }
`;

/** How wide the content column may grow on a desktop screen; null: as on a phone. */
function desktopColumnMaxPx(route: RouteDef): number | null {
  if (route.access === 'admin') return null;
  if (route.header === 'tab') {
    return route.desktopCompanion ? DESKTOP_COLUMN_MAX_PX.withCompanion : DESKTOP_COLUMN_MAX_PX.tab;
  }
  return DESKTOP_COLUMN_MAX_PX.other;
}

/**
 * One screen: the guard, then header, page and (on main tabs) the bottom bar. On a desktop
 * screen the bottom bar is a rail at the left edge on every screen of a user's, and a
 * route's companion stands beside its page.
 */
export function Screen({ route }: { route: RouteDef }) {
  const { i18n } = useLingui();
  const session = useSession();
  const decision = guardRoute(route.access, session);
  const queryClient = useQueryClient();
  const desktop = useDesktop();
  const title = i18n._(route.title);

  useEffect(() => {
    document.title = route.path === '/' ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
  }, [route.path, title]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;

  // In render, beside the page's lazy code (Suspense below), so that both load together.
  route.prefetch?.(queryClient);

  const isUser = session.role === 'user' && route.access !== 'admin';
  const withBottomBar = route.header === 'tab' && isUser;
  const Page = route.page;
  const companion = desktop ? route.desktopCompanion : undefined;
  return (
    <Frame $rail={isUser} $columnMaxPx={desktopColumnMaxPx(route)}>
      <Header route={route} />
      <Columns $withCompanion={companion !== undefined}>
        {companion && (
          <Companion aria-label={i18n._(companion.label)}>
            <Suspense fallback={<PageSpinner />}>
              <companion.page />
            </Suspense>
          </Companion>
        )}
        <Main id="main" $withBottomBar={withBottomBar}>
          <Suspense fallback={<PageSpinner />}>
            {route.access === 'admin' ? (
              <AdminTwoFactorGate>
                <Page />
              </AdminTwoFactorGate>
            ) : (
              <Page />
            )}
          </Suspense>
        </Main>
      </Columns>
      {isUser && <BottomBar desktopOnly={!withBottomBar} />}
    </Frame>
  );
}
