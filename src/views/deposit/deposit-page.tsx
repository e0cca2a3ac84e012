import { Trans, useLingui } from '@lingui/react/macro';
import { useDepositMethods } from '../../services/wallet-queries';
import { DepositIcon, HistoryIcon } from '../../ui/icons';
import { List, ListLink } from '../../ui/list';
import { EmptyState, Section, SectionTitle, WidePage } from '../../ui/page';
import { LoadError } from '../shared/load-error';
import { MethodGrid, MethodGridSkeleton, type MethodTile } from '../shared/method-grid';
import { depositCheckoutState } from './deposit-terms';
import { useLoadView } from '../../services/load-view';

/** The deposit methods (docs/product.md §2): a tap opens the checkout with the method in its state. */
export default function DepositPage() {
  const { t } = useLingui();
  const methods = useDepositMethods();
  const methodsView = useLoadView(methods);
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
    <WidePage>
      <Section aria-labelledby="deposit-methods-title">
        <SectionTitle id="deposit-methods-title">
          <Trans>Choose a deposit method</Trans>
        </SectionTitle>
        {methods.isPending && !methodsView.failed && <MethodGridSkeleton />}
        {methodsView.failed && (
          <LoadError onRetry={methodsView.retry} busy={methodsView.busy}>
            <Trans>Failed to load deposit methods.</Trans>
          </LoadError>
        )}
        {methods.isSuccess && tiles.length === 0 && (
          <EmptyState
            icon={<DepositIcon sizePx={32} />}
            title={<Trans>No deposit methods available.</Trans>}
          >
            <Trans>Methods appear here once an administrator adds them.</Trans>
          </EmptyState>
        )}
        {tiles.length > 0 && <MethodGrid tiles={tiles} label={t`Deposit methods`} />}
      </Section>
      <List>
        <ListLink to="/deposit/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Deposit History</Trans>
        </ListLink>
      </List>
    </WidePage>
  );
}
