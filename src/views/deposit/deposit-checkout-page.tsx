import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useDepositMethods } from '../../services/wallet-queries';
import { DepositIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { MethodUnavailable } from '../shared/method-unavailable';
import { FormSkeleton } from '../shared/skeletons';
import { useCheckoutMethod } from '../shared/use-checkout-method';
import { DepositCheckout } from './deposit-checkout';
import { depositCheckoutState, readDepositCheckoutState } from './deposit-terms';
import { useLoadView } from '../../services/load-view';

/** Placeholders while the method loads: the address, the amount and the screenshot. */
const CHECKOUT_FIELDS = 3;

export default function DepositCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const methods = useDepositMethods();
  const methodsView = useLoadView(methods);
  const method = useCheckoutMethod(id, methods, depositCheckoutState, readDepositCheckoutState);
  if (method) return <DepositCheckout key={id} methodId={id} method={method} />;
  if (methodsView.failed) {
    return (
      <Page>
        <LoadError onRetry={methodsView.retry} busy={methodsView.busy}>
          <Trans>Failed to load deposit methods.</Trans>
        </LoadError>
      </Page>
    );
  }
  if (methods.isPending) {
    return (
      <Page>
        <FormSkeleton fields={CHECKOUT_FIELDS} />
      </Page>
    );
  }
  return (
    <MethodUnavailable
      icon={<DepositIcon sizePx={32} />}
      title={<Trans>This deposit method is not available.</Trans>}
      backTo="/deposit"
    />
  );
}
