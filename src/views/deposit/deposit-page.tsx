import { Trans, useLingui } from '@lingui/react/macro';
import { useDepositMethods } from '../../services/wallet-queries';
import { DepositIcon } from '../../ui/page-icons';
import { MethodChoicePage } from '../shared/method-choice-page';
import type { MethodTile } from '../shared/method-grid';
import { depositCheckoutState } from './deposit-terms';

/** The deposit methods (docs/product.md §2): a tap opens the checkout with the method in its state. */
export default function DepositPage() {
  const { t } = useLingui();
  const methods = useDepositMethods();
  const tiles: MethodTile[] = (methods.data ?? []).map((method) => {
    const type = method.paymentAddressType.toUpperCase();
    return {
      id: method._id,
      to: `/deposit/checkout/${encodeURIComponent(method._id)}`,
      state: depositCheckoutState(method),
      title: method.coinName,
      subtitle: t`Deposit with currency: ${type}`,
      symbol: method.coinSymbol,
    };
  });
  return (
    <MethodChoicePage
      methods={methods}
      tiles={tiles}
      titleId="deposit-methods-title"
      title={<Trans>Choose a deposit method</Trans>}
      gridLabel={t`Deposit methods`}
      loadErrorText={<Trans>Failed to load deposit methods.</Trans>}
      empty={{
        icon: <DepositIcon sizePx={32} />,
        title: <Trans>No deposit methods available.</Trans>,
      }}
      history={{ to: '/deposit/log', label: <Trans>Deposit History</Trans> }}
    />
  );
}
