import { lazy, Suspense } from 'react';
import { useStepUp } from '../services/step-up';
import { loadCatalog } from './i18n/i18n';

/**
 * Where the step-up dialog (services/step-up.ts) opens. The store is in the first load, as
 * every money call goes through it; the dialog (its form, code field and focus trap, about
 * 9 kB) loads only when a call asks for a code, which most visits never do.
 */
const StepUpDialog = lazy(() =>
  Promise.all([import('../views/shared/step-up-dialog'), loadCatalog('app')]).then(([module]) => ({
    default: module.StepUpDialog,
  })),
);

export function StepUpHost() {
  const open = useStepUp().open;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}
