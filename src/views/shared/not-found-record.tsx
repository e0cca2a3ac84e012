import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../ui/button';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

/** A detail screen whose record does not exist, with the way back to its list. */
export function NotFoundRecord({
  id,
  backTo,
  backLabel,
}: {
  id: string;
  backTo: string;
  backLabel: ReactNode;
}) {
  return (
    <Page>
      <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Transaction not found.</Trans>}>
        <Trans>There is no transaction with the ID {id} in your account.</Trans>
      </EmptyState>
      <ButtonLink to={backTo} variant="secondary" block>
        {backLabel}
      </ButtonLink>
    </Page>
  );
}
