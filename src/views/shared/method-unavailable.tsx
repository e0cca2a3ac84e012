import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Page } from '../../ui/page';

/** A checkout whose method does not exist (any more), with the way back to the list. */
export function MethodUnavailable({
  icon,
  title,
  backTo,
}: {
  icon: ReactNode;
  title: ReactNode;
  backTo: string;
}) {
  return (
    <Page>
      <EmptyState icon={icon} title={title} />
      <ButtonLink to={backTo} variant="secondary" block>
        <Trans>Choose another method</Trans>
      </ButtonLink>
    </Page>
  );
}
