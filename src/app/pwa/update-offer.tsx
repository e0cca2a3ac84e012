import { lazy, Suspense } from 'react';
import { loadCatalog } from '../i18n/i18n';
import { usePwaState } from './pwa-store';

/**
 * The prompt's code and texts load only once a new version waits (most visits never see
 * it), so the first load carries just this check: about 0.5 kB gzip less on every visit.
 */
const UpdatePrompt = lazy(() =>
  Promise.all([import('./update-prompt'), loadCatalog('app')]).then(([module]) => ({
    default: module.UpdatePrompt,
  })),
);

/** "A new version is ready." (update-prompt.tsx), while a new version of the app waits. */
export function UpdateOffer() {
  const { updateReady } = usePwaState();
  if (!updateReady) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
