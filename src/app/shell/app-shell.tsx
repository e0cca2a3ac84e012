import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useLoggedOut } from '../../machines/auth-session';
import { OfflineBanner } from '../pwa/offline-banner';
import { UpdateOffer } from '../pwa/update-offer';
import { NOT_FOUND_ROUTE, ROUTES } from '../route-table';
import { LanguageSuggestion } from './language-suggestion';
import { Screen } from './screen';
import { loadDrawer, ShellContext, type ShellControls } from './shell-context';
import { useScrollMemory } from './use-scroll-memory';
import { ViewAsBanner } from './view-as-banner';

const Drawer = lazy(async () => ({ default: (await loadDrawer()).Drawer }));

/** The route switch with the drawer above it. */
export function AppShell() {
  const [location] = useLocation();
  useScrollMemory();
  // The drawer opens only when tapped, and any navigation closes it (a Back pops its own
  // history entry first: overlay-history.ts). It once stayed tied to the path it was
  // opened on, and coming back to that path reopened it.
  const [drawerTapped, setDrawerTapped] = useState(false);
  const [drawerPath, setDrawerPath] = useState(location);
  if (drawerPath !== location) {
    setDrawerPath(location);
    setDrawerTapped(false);
  }
  // Right after a logout the drawer closes, while the screen stays a moment (docs/product.md §4).
  const loggedOut = useLoggedOut();
  const drawerOpen = drawerTapped && drawerPath === location && !loggedOut;
  // Mounted from its first opening on, so that later openings find it ready.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (drawerOpen && !drawerMounted) setDrawerMounted(true);

  const openDrawer = useCallback(() => setDrawerTapped(true), []);
  const closeDrawer = useCallback(() => setDrawerTapped(false), []);
  const controls = useMemo<ShellControls>(
    () => ({ openDrawer, drawerOpen }),
    [openDrawer, drawerOpen],
  );

  return (
    <ShellContext.Provider value={controls}>
      {/* Only in a tab where an admin views the app as a user. */}
      <ViewAsBanner />
      <OfflineBanner />
      <LanguageSuggestion />
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <Screen route={route} />
          </Route>
        ))}
        <Route>
          <Screen route={NOT_FOUND_ROUTE} />
        </Route>
      </Switch>
      {drawerMounted && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={closeDrawer} />
        </Suspense>
      )}
      <UpdateOffer />
    </ShellContext.Provider>
  );
}
