import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { ButtonLink } from '../../ui/button';
import { OrdersIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <Page>
      <EmptyState icon={<OrdersIcon sizePx={32} />} title={<Trans>Order not found.</Trans>}>
        <Trans>There is no order with the ID {id} in your account.</Trans>
      </EmptyState>
      <ButtonLink to="/orders" variant="secondary" block>
        <Trans>Back to orders</Trans>
      </ButtonLink>
    </Page>
  );
}
