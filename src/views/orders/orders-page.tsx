import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { OrdersIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

type OrdersTab = 'pending' | 'completed' | 'all';

const TABS: readonly { id: OrdersTab; label: MessageDescriptor }[] = [
  { id: 'pending', label: msg`Pending` },
  { id: 'completed', label: msg`Completed` },
  { id: 'all', label: msg`All Orders` },
];

/** The user's timed trades by tab (All Orders first shown). */
export default function OrdersPage() {
  const { i18n, t } = useLingui();
  const [tab, setTab] = useState<OrdersTab>('all');
  return (
    <Page>
      <Tabs role="tablist" aria-label={t`Orders`}>
        {TABS.map(({ id, label }) => (
          <Tab
            key={id}
            id={`orders-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls="orders-panel"
            onClick={() => setTab(id)}
          >
            {i18n._(label)}
          </Tab>
        ))}
      </Tabs>
      <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        <EmptyState
          icon={<OrdersIcon sizePx={32} />}
          title={<Trans>No orders available in this tab.</Trans>}
        />
      </div>
    </Page>
  );
}

const Tabs = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  min-height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;
