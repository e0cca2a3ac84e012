import { useEffect } from 'react';
import { preloadToastCard } from '../ui/toast';
import { whenIdle } from '../ui/when-idle';
import { StepUpHost } from './step-up-host';
import { TradeWatch } from './trade-watch';

/** The toasts' look loads once the screen is idle, or after this long at the latest. */
const TOAST_CARD_IDLE_TIMEOUT_MS = 3000;

/**
 * What runs beside the screens of a signed-in user only: the settlement watcher's gate and
 * the step-up dialog's host. App loads it once there is a session, so a visitor's first load
 * carries neither. A signed-in user's actions answer with toasts: their look loads here too.
 */
export default function SignedInHosts() {
  useEffect(() => whenIdle(preloadToastCard, TOAST_CARD_IDLE_TIMEOUT_MS), []);
  return (
    <>
      <TradeWatch />
      <StepUpHost />
    </>
  );
}
