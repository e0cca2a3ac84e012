import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import type { DepositMethod, WithdrawMethod } from '../../../../common/contract';
import { useAdminMethods } from '../../../services/admin-queries';
import { Button } from '../../../ui/button';
import { WalletIcon } from '../../../ui/icons';
import { Card, EmptyState, Muted } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, PageHeading, PillTab } from '../console/admin-ui';
import { MethodCard } from './method-card';
import { MethodDeleteDialog } from './method-delete-dialog';
import { MethodEditor, type MethodEditorTarget } from './method-form';
import type { MethodKind } from './method-form-model';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';
import { flexColumn, flexRow } from '../../../ui/layout';

const BASE = '/admin/methods';

/** The tab the address asks for: `?kind=withdraw`, else deposit methods. */
function kindOf(search: string): MethodKind {
  return new URLSearchParams(search).get('kind') === 'withdraw' ? 'withdraw' : 'deposit';
}

const hrefOf = (kind: MethodKind) => (kind === 'deposit' ? BASE : `${BASE}?kind=withdraw`);

/**
 * The payment methods users choose from: deposit methods and withdraw methods on two tabs
 * (the address keeps the tab), each listed as cards with Edit and Delete, and a button to
 * add one. Both kinds share one form; a withdraw method adds its fee and info.
 */
export default function AdminMethodsPage() {
  const { t } = useLingui();
  const kind = kindOf(useSearch());
  const query = useAdminMethods();
  const queryView = useLoadView(query);
  const [editor, setEditor] = useState<MethodEditorTarget | null>(null);
  const [deleting, setDeleting] = useState<DepositMethod | WithdrawMethod | null>(null);
  const data = query.data;
  const methods: (DepositMethod | WithdrawMethod)[] | undefined = data?.[kind];
  const withdraw = kind === 'withdraw';

  return (
    <AdminPage>
      <AdminNav />
      <PageHeading>
        <Trans>Payment methods</Trans>
      </PageHeading>
      <Tabs aria-label={t`Kind of method`}>
        <Tab href={hrefOf('deposit')} aria-current={withdraw ? undefined : 'page'}>
          <Trans context="payment method kind">Deposit</Trans>
          {data && <Count aria-hidden="true">{data.deposit.length}</Count>}
        </Tab>
        <Tab href={hrefOf('withdraw')} aria-current={withdraw ? 'page' : undefined}>
          <Trans context="payment method kind">Withdrawal</Trans>
          {data && <Count aria-hidden="true">{data.withdraw.length}</Count>}
        </Tab>
      </Tabs>

      <Panel aria-label={withdraw ? t`Withdraw methods` : t`Deposit methods`}>
        <PanelHead>
          <div>
            <Muted>
              {withdraw ? (
                <Trans>Where users can have their balance paid out, and at what fee.</Trans>
              ) : (
                <Trans>Where users send coins to top up their balance.</Trans>
              )}
            </Muted>
          </div>
          <Button onClick={() => setEditor({ kind, method: null })}>
            {withdraw ? <Trans>Add withdraw method</Trans> : <Trans>Add deposit method</Trans>}
          </Button>
        </PanelHead>

        {queryView.failed && !data ? (
          <LoadError onRetry={queryView.retry} busy={queryView.busy}>
            <Trans>The payment methods could not be loaded.</Trans>
          </LoadError>
        ) : !methods ? (
          <Grid aria-busy="true" aria-label={t`Loading`}>
            {[0, 1].map((index) => (
              <li key={index}>
                <Card>
                  <Skeleton $heightPx={20} $widthPx={140} />
                  <Skeleton $heightPx={14} />
                  <Skeleton $heightPx={14} $widthPx={200} />
                  <Skeleton $heightPx={14} $widthPx={160} />
                </Card>
              </li>
            ))}
          </Grid>
        ) : methods.length === 0 ? (
          <EmptyState icon={<WalletIcon sizePx={32} />} title={<Trans>No method yet.</Trans>}>
            {withdraw ? (
              <Trans>Users cannot withdraw until you add a withdraw method.</Trans>
            ) : (
              <Trans>Users cannot deposit until you add a deposit method.</Trans>
            )}
          </EmptyState>
        ) : (
          <Grid>
            {methods.map((method) => (
              <li key={method._id}>
                <MethodCard
                  method={method}
                  onEdit={() => setEditor({ kind, method })}
                  onDelete={() => setDeleting(method)}
                />
              </li>
            ))}
          </Grid>
        )}
      </Panel>

      {editor && (
        <MethodEditor
          key={`${editor.kind}-${editor.method?._id ?? 'new'}`}
          target={editor}
          onClose={() => setEditor(null)}
        />
      )}
      {deleting && (
        <MethodDeleteDialog
          key={deleting._id}
          kind={kind}
          method={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </AdminPage>
  );
}

/** Two short tabs that share the row, both always in view, even on a phone. */
const Tabs = styled.nav`
  display: flex;
  gap: ${theme.space.sm};
  margin-top: calc(-1 * ${theme.space.sm});
`;

const Tab = styled(PillTab)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-width: 0;
  min-height: 40px;
  padding: ${theme.space.xs} ${theme.space.lg};
`;

const Count = styled.span`
  flex: none;
  min-width: 20px;
  padding: 0 6px;
  border-radius: ${theme.radii.pill};
  background: rgba(255, 255, 255, 0.12);
  font-size: ${theme.fontSizes.xs};
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const Panel = styled.section`
  ${flexColumn(theme.space.lg)}
`;

const PanelHead = styled.div`
  ${flexRow(theme.space.md)}
  flex-wrap: wrap;
  justify-content: space-between;

  > div {
    ${flexColumn(theme.space.xs)}
    flex: 1 1 240px;
    min-width: 0;
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: 760px) {
    grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  }

  > li {
    display: flex;
    min-width: 0;
  }
  > li > * {
    flex: 1;
  }
`;
