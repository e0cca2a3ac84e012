import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useWithdrawMethods } from '../../services/wallet-queries';
import { WithdrawIcon } from '../../ui/page-icons';
import { Page } from '../../ui/page';
import { CheckoutMethodMissing } from '../shared/checkout-method-missing';
import { methodInfo } from '../shared/method-info';
import { FormSkeleton } from '../shared/skeletons';
import { useCheckoutMethod } from '../shared/use-checkout-method';
import { WithUser } from '../shared/with-user';
import { WithdrawCheckout } from './withdraw-checkout';
import { readWithdrawCheckoutState, withdrawCheckoutState } from './withdraw-terms';

/** Placeholders while the method loads: the amount, the wallet address and the figures. */
const CHECKOUT_FIELDS = 3;

export default function WithdrawCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const methods = useWithdrawMethods();
  const { i18n } = useLingui();
  const checkoutState = useCheckoutMethod(
    id,
    methods,
    withdrawCheckoutState,
    readWithdrawCheckoutState,
  );
  // The instructions in the reader's language: from the list once it is loaded, which has
  // every translation; until then the navigation state's, picked when the tile was tapped.
  const listed = methods.data?.find((candidate) => candidate._id === id);
  const method =
    checkoutState && listed
      ? { ...checkoutState, info: methodInfo(listed, i18n.locale) }
      : checkoutState;
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
  return (
    <CheckoutMethodMissing
      methods={methods}
      loadErrorText={<Trans>Failed to load Withdraw methods.</Trans>}
      skeletonFields={CHECKOUT_FIELDS}
      icon={<WithdrawIcon sizePx={32} />}
      title={<Trans>This withdraw method is not available.</Trans>}
      backTo="/withdraw"
    />
  );
}
