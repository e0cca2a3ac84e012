import { Trans, useLingui } from '@lingui/react/macro';
import { useWithdrawMethods } from '../../services/wallet-queries';
import { WithdrawIcon } from '../../ui/page-icons';
import { EmailVerificationNotice } from '../shared/email-verification-notice';
import { MethodChoicePage } from '../shared/method-choice-page';
import type { MethodTile } from '../shared/method-grid';
import { methodInfo } from '../shared/method-info';
import { withdrawCheckoutState } from './withdraw-terms';

/** The withdraw methods (docs/product.md §2): coin name and address type; a tap opens the checkout. */
export default function WithdrawPage() {
  const { i18n, t } = useLingui();
  const methods = useWithdrawMethods();
  const tiles: MethodTile[] = (methods.data ?? []).map((method) => ({
    id: method._id,
    to: `/withdraw/checkout/${encodeURIComponent(method._id)}`,
    // The checkout shows the instructions before the list loads there: in this language.
    state: { ...withdrawCheckoutState(method), info: methodInfo(method, i18n.locale) },
    title: method.coinName,
    subtitle: method.paymentAddressType.toUpperCase(),
    symbol: method.coinSymbol,
  }));
  return (
    <MethodChoicePage
      methods={methods}
      tiles={tiles}
      titleId="withdraw-methods-title"
      title={<Trans>Choose a withdraw method</Trans>}
      gridLabel={t`Withdraw methods`}
      loadErrorText={<Trans>Failed to load Withdraw methods.</Trans>}
      empty={{
        icon: <WithdrawIcon sizePx={32} />,
        title: <Trans>No withdraw methods available.</Trans>,
      }}
      history={{ to: '/withdraw/log', label: <Trans>Withdraw History</Trans> }}
      notice={<EmailVerificationNotice />}
    />
  );
}
