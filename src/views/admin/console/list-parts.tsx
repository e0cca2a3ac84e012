import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Muted } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { PageHeading, Pager, PillTab, TitleRow } from './admin-ui';
import { pageSteps } from './paging';

/**
 * The parts around a paged console list (queues, users, approvals, audit log): the heading
 * with the list's count, the status tabs and the pager, all driven by the address.
 */

/** The page's heading and, once the list (`data`) has loaded, how many rows it has in all. */
export function ListTitle({
  heading,
  data,
}: {
  heading: ReactNode;
  data: { total: number } | undefined;
}) {
  return (
    <TitleRow>
      <PageHeading>{heading}</PageHeading>
      {data && (
        <Muted aria-live="polite">
          <Trans>{data.total} in this list</Trans>
        </Muted>
      )}
    </TitleRow>
  );
}

/** Status tabs as pills, each a link to its first page; the current one filled. */
export function StatusTabs<S extends string>({
  tabs,
  current,
  hrefOf,
  className,
}: {
  tabs: readonly { status: S; label: MessageDescriptor }[];
  current: S;
  hrefOf: (status: S) => string;
  className?: string;
}) {
  const { i18n, t } = useLingui();
  return (
    <Tabs aria-label={t`Status`} className={className}>
      {tabs.map(({ status, label }) => (
        <Tab
          key={status}
          href={hrefOf(status)}
          aria-current={current === status ? 'page' : undefined}
        >
          {i18n._(label)}
        </Tab>
      ))}
    </Tabs>
  );
}

/**
 * Previous and next under a list, with 'Page x / y'. `page` is the page the address asks
 * for; past the last one, the last one is named.
 */
export function ListPager({
  page,
  pages,
  hrefOf,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}) {
  const pageNumber = Math.min(page, pages);
  return (
    <Pager steps={pageSteps(page, pages)} hrefOf={hrefOf}>
      <Trans>
        Page {pageNumber} / {pages}
      </Trans>
    </Pager>
  );
}

const Tabs = styled.nav`
  display: flex;
  gap: ${theme.space.xs};
  overflow-x: auto;
  scrollbar-width: none;
`;

const Tab = styled(PillTab)`
  flex: none;
  padding: ${theme.space.sm} ${theme.space.lg};
`;
