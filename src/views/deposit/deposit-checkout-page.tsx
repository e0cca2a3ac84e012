import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../../ui/button';
import { DepositIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function DepositCheckoutPage() {
  return (
    <Page>
      <EmptyState
        icon={<DepositIcon sizePx={32} />}
        title={<Trans>This deposit method is not available.</Trans>}
      />
      <ButtonLink to="/deposit" variant="secondary" block>
        <Trans>Choose another method</Trans>
      </ButtonLink>
    </Page>
  );
}
