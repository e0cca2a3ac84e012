import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../../ui/button';
import { WithdrawIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export default function WithdrawCheckoutPage() {
  return (
    <Page>
      <EmptyState
        icon={<WithdrawIcon sizePx={32} />}
        title={<Trans>This withdraw method is not available.</Trans>}
      />
      <ButtonLink to="/withdraw" variant="secondary" block>
        <Trans>Choose another method</Trans>
      </ButtonLink>
    </Page>
  );
}
