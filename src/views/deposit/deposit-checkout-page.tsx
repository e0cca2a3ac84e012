import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useDepositMethods } from '../../services/wallet-queries';
import { DepositIcon } from '../../ui/page-icons';
import { CheckoutMethodMissing } from '../shared/checkout-method-missing';
import { useCheckoutMethod } from '../shared/use-checkout-method';
import { DepositCheckout } from './deposit-checkout';
import { depositCheckoutState, readDepositCheckoutState } from './deposit-terms';

/** Placeholders while the method loads: the address, the amount and the screenshot. */
const CHECKOUT_FIELDS = 3;

export default function DepositCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const methods = useDepositMethods();
  const method = useCheckoutMethod(id, methods, depositCheckoutState, readDepositCheckoutState);
  if (method) return <DepositCheckout key={id} methodId={id} method={method} />;
  return (
    <CheckoutMethodMissing
      methods={methods}
      loadErrorText={<Trans>Failed to load deposit methods.</Trans>}
      skeletonFields={CHECKOUT_FIELDS}
      icon={<DepositIcon sizePx={32} />}
      title={<Trans>This deposit method is not available.</Trans>}
      backTo="/deposit"
    />
  );
}
