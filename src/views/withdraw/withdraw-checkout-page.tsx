import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useWithdrawMethods } from '../../services/wallet-queries';
import { WithdrawIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { MethodUnavailable } from '../shared/method-unavailable';
import { FormSkeleton } from '../shared/skeletons';
import { useCheckoutMethod } from '../shared/use-checkout-method';
import { WithUser } from '../shared/with-user';
import { WithdrawCheckout } from './withdraw-checkout';
import { readWithdrawCheckoutState, withdrawCheckoutState } from './withdraw-terms';
import { useLoadView } from '../../services/load-view';

/** Placeholders while the method loads: the amount, the wallet address and the figures. */
const CHECKOUT_FIELDS = 3;

export default function WithdrawCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const methods = useWithdrawMethods();
  const methodsView = useLoadView(methods);
  const method = useCheckoutMethod(id, methods, withdrawCheckoutState, readWithdrawCheckoutState);
  if (method) {
    return (
      <WithUser
        skeleton={
          <Page>
            <FormSkeleton fields={CHECKOUT_FIELDS} />
          </Page>
        }
      >
        {(user) => <WithdrawCheckout key={id} methodId={id} method={method} user={user} />}
      </WithUser>
    );
  }
  if (methodsView.failed) {
    return (
      <Page>
        <LoadError onRetry={methodsView.retry} busy={methodsView.busy}>
          <Trans>Failed to load Withdraw methods.</Trans>
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
      icon={<WithdrawIcon sizePx={32} />}
      title={<Trans>This withdraw method is not available.</Trans>}
      backTo="/withdraw"
    />
  );
}
