import { Trans, useLingui } from '@lingui/react/macro';
import { useWithdrawMethods } from '../../services/wallet-queries';
import { HistoryIcon, WithdrawIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { EmptyState, Section, SectionTitle, WidePage } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { MethodGrid, MethodGridSkeleton, type MethodTile } from '../shared/method-grid';
import { withdrawCheckoutState } from './withdraw-terms';
import { useLoadView } from '../../services/load-view';

/** The withdraw methods (docs/product.md §2): coin name and address type; a tap opens the checkout. */
export default function WithdrawPage() {
  const { t } = useLingui();
  const methods = useWithdrawMethods();
  const methodsView = useLoadView(methods);
  const tiles: MethodTile[] = (methods.data ?? []).map((method) => ({
    id: method._id,
    to: `/withdraw/checkout/${encodeURIComponent(method._id)}`,
    state: withdrawCheckoutState(method),
    title: method.coinName,
    subtitle: method.paymentAddressType.toUpperCase(),
    symbol: method.coinSymbol,
  }));
  return (
    <WidePage>
      <Section aria-labelledby="withdraw-methods-title">
        <SectionTitle id="withdraw-methods-title">
          <Trans>Choose a withdraw method</Trans>
        </SectionTitle>
        {methods.isPending && !methodsView.failed && <MethodGridSkeleton />}
        {methodsView.failed && (
          <LoadError onRetry={methodsView.retry} busy={methodsView.busy}>
            <Trans>Failed to load Withdraw methods.</Trans>
          </LoadError>
        )}
        {methods.isSuccess && tiles.length === 0 && (
          <EmptyState
            icon={<WithdrawIcon sizePx={32} />}
            title={<Trans>No withdraw methods available.</Trans>}
          >
            <Trans>Methods appear here once an administrator adds them.</Trans>
          </EmptyState>
        )}
        {tiles.length > 0 && <MethodGrid tiles={tiles} label={t`Withdraw methods`} />}
      </Section>
      <List>
        <ListLink to="/withdraw/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Withdraw History</Trans>
        </ListLink>
      </List>
    </WidePage>
  );
}
