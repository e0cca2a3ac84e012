import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoadView } from '../../services/load-view';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Page } from '../../ui/page';
import { PageLoadError } from './load-error';
import { FormSkeleton } from './skeletons';

/**
 * A deposit or withdraw checkout whose method is not in hand: its methods failed to load
 * (`loadErrorText` and Try again), are still loading (`skeletonFields` placeholders), or
 * no longer hold it (`title`, with the way back to the list).
 */
export function CheckoutMethodMissing({
  methods,
  loadErrorText,
  skeletonFields,
  icon,
  title,
  backTo,
}: {
  methods: UseQueryResult<unknown>;
  loadErrorText: ReactNode;
  skeletonFields: number;
  icon: ReactNode;
  title: ReactNode;
  backTo: string;
}) {
  const methodsView = useLoadView(methods);
  if (methodsView.failed) return <PageLoadError view={methodsView}>{loadErrorText}</PageLoadError>;
  if (methods.isPending) {
    return (
      <Page>
        <FormSkeleton fields={skeletonFields} />
      </Page>
    );
  }
  return (
    <Page>
      <EmptyState icon={icon} title={title} />
      <ButtonLink to={backTo} variant="secondary" block>
        <Trans>Choose another method</Trans>
      </ButtonLink>
    </Page>
  );
}
