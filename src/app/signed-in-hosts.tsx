import { StepUpHost } from './step-up-host';
import { TradeWatch } from './trade-watch';

/**
 * What runs beside the screens of a signed-in user only: the settlement watcher's gate and
 * the step-up dialog's host. App loads it once there is a session, so a visitor's first load
 * carries neither.
 */
export default function SignedInHosts() {
  return (
    <>
      <TradeWatch />
      <StepUpHost />
    </>
  );
}
