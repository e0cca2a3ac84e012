import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import styled from 'styled-components';
import { Redirect } from 'wouter';
import { useSession } from '../../machines/auth-session';
import { PRODUCT_NAME } from '../../ui/logo';
import { PageSpinner } from '../../ui/spinner';
import { guardRoute } from '../guard';
import type { RouteDef } from '../route-table';
import { BottomBar } from './bottom-bar';
import { Header } from './header';

const Main = styled.main<{ $withBottomBar: boolean }>`
  padding-bottom: ${({ theme, $withBottomBar }) =>
    $withBottomBar
      ? `calc(${theme.sizes.bottomBarHeightPx}px + env(safe-area-inset-bottom, 0px))`
      : '0'};
`;

/** One screen: the guard, then header, page and (on main tabs) the bottom bar. */
export function Screen({ route }: { route: RouteDef }) {
  const { i18n } = useLingui();
  const session = useSession();
  const decision = guardRoute(route.access, session);
  const queryClient = useQueryClient();
  const title = i18n._(route.title);

  useEffect(() => {
    document.title = route.path === '/' ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
  }, [route.path, title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [route.path]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;

  // In render, beside the page's lazy code (Suspense below), so that both load together.
  route.prefetch?.(queryClient);

  const withBottomBar = route.header === 'tab' && session.role === 'user';
  const Page = route.page;
  return (
    <>
      <Header route={route} />
      <Main id="main" $withBottomBar={withBottomBar}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </Main>
      {withBottomBar && <BottomBar />}
    </>
  );
}
