import { lazy, useState, type ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** A page's component, and a way to start loading its code and texts before it renders. */
export type PageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page whose code loads on demand, like `React.lazy`, but drawn at once when its code is
 * already here. A lazy component suspends on its first render even when its module has
 * loaded, and React then shows the Suspense fallback and holds the page back for at least
 * 300 ms more (its throttle on revealing suspended content): the app's first screen came as
 * a spinner, and the page with its largest content a third of a second later
 * (`npm run lighthouse`). `main.tsx` preloads the page an address shows before the first
 * render, so that render has it.
 *
 * Each mounted page keeps the way it was first drawn: a page first drawn through the lazy
 * component stays on it (switching to the loaded component would mount the page anew and
 * lose its state).
 */
export function preloadable(load: PageLoader): PageComponent {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed load may be tried again (the error boundary's retry, a later visit).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function PreloadablePage() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(PreloadablePage, { preload });
}
