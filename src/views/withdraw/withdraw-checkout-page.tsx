import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useWithdrawMethods } from '../../services/wallet-queries';
import { WithdrawIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';
import { LoadError } from '../shared/load-error';
import { MethodUnavailable } from '../shared/method-unavailable';
import { useCheckoutMethod } from '../shared/use-checkout-method';
import { WithUser } from '../shared/with-user';
import { WithdrawCheckout } from './withdraw-checkout';
import { readWithdrawCheckoutState, withdrawCheckoutState } from './withdraw-terms';

export default function WithdrawCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const methods = useWithdrawMethods();
  const method = useCheckoutMethod(id, methods, withdrawCheckoutState, readWithdrawCheckoutState);
  if (method) {
    return (
      <WithUser>
        {(user) => <WithdrawCheckout key={id} methodId={id} method={method} user={user} />}
      </WithUser>
    );
  }
  if (methods.isPending) return <PageSpinner />;
  if (methods.isError) {
    return (
      <Page>
        <LoadError onRetry={() => void methods.refetch()} busy={methods.isFetching}>
          <Trans>Failed to load Withdraw methods.</Trans>
        </LoadError>
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
