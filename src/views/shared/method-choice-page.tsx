import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoadView } from '../../services/load-view';
import { HistoryIcon } from '../../ui/page-icons';
import { List, ListLink } from '../../ui/list';
import { EmptyState, Section, SectionTitle, WidePage } from '../../ui/page';
import { LoadError } from './load-error';
import { MethodGrid, MethodGridSkeleton, type MethodTile } from './method-grid';

/** The link under a money screen to its history (deposits, withdrawals, transfers). */
export function HistoryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <List>
      <ListLink to={to} icon={<HistoryIcon sizePx={20} />}>
        {children}
      </ListLink>
    </List>
  );
}

/**
 * The deposit or withdraw methods as tiles (docs/product.md §2), with their load states and
 * the link to the history. The two screens differ only in their texts, icon and tiles.
 */
export function MethodChoicePage({
  methods,
  tiles,
  titleId,
  title,
  gridLabel,
  loadErrorText,
  empty,
  history,
  notice,
}: {
  methods: UseQueryResult<unknown>;
  tiles: readonly MethodTile[];
  titleId: string;
  title: ReactNode;
  gridLabel: string;
  loadErrorText: ReactNode;
  /** The icon and title shown while no method is set up. */
  empty: { icon: ReactNode; title: ReactNode };
  history: { to: string; label: ReactNode };
  /** Above the methods: what the user must do first (confirm the email). */
  notice?: ReactNode;
}) {
  const methodsView = useLoadView(methods);
  return (
    <WidePage>
      {notice}
      <Section aria-labelledby={titleId}>
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {methods.isPending && !methodsView.failed && <MethodGridSkeleton />}
        {methodsView.failed && (
          <LoadError onRetry={methodsView.retry} busy={methodsView.busy}>
            {loadErrorText}
          </LoadError>
        )}
        {methods.isSuccess && tiles.length === 0 && (
          <EmptyState icon={empty.icon} title={empty.title}>
            <Trans>Methods appear here once an administrator adds them.</Trans>
          </EmptyState>
        )}
        {tiles.length > 0 && <MethodGrid tiles={tiles} label={gridLabel} />}
      </Section>
      <HistoryLink to={history.to}>{history.label}</HistoryLink>
    </WidePage>
  );
}
