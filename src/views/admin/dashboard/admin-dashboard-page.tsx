import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AdminDashboard } from '../../../../common/contract';
import { sendAuth, useSession } from '../../../machines/auth-session';
import { useAdminDashboard } from '../../../services/admin-queries';
import { useLoadView } from '../../../services/load-view';
import { Button } from '../../../ui/button';
import { LogoutIcon } from '../../../ui/page-icons';
import { flexRow } from '../../../ui/layout';
import { Muted } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { theme } from '../../../ui/theme';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, PageHeading } from '../console/admin-ui';
import { Figures, Grid, Tile } from './dashboard-sections';

/**
 * What needs attention (the three queues) and the platform's health: users, volumes, the
 * house's result and fee revenue, the ledger check and the market feed. Refreshed every 10 s.
 */
export default function AdminDashboardPage() {
  const query = useAdminDashboard();
  const queryView = useLoadView(query);
  const data = query.data;
  return (
    <AdminPage>
      <AdminNav />
      <Header data={data} />
      {data ? (
        <>
          {queryView.failed && (
            <Muted role="status">
              <Trans>Could not refresh. Showing the last figures.</Trans>
            </Muted>
          )}
          <Figures data={data} />
        </>
      ) : queryView.failed ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          <Trans>The dashboard could not be loaded.</Trans>
        </LoadError>
      ) : (
        <Loading />
      )}
    </AdminPage>
  );
}

function Header({ data }: { data: AdminDashboard | undefined }) {
  const session = useSession();
  return (
    <HeaderRow>
      <div>
        <PageHeading>
          <Trans>Dashboard</Trans>
        </PageHeading>
        {data && (
          <Muted>
            <Trans>Signed in as {data.admin.fullName || data.admin.email}</Trans>
          </Muted>
        )}
      </div>
      <Button
        variant="secondary"
        busy={session.signingOut}
        onClick={() => sendAuth({ type: 'SIGN_OUT' })}
      >
        {!session.signingOut && <LogoutIcon sizePx={18} />}
        <Trans>Logout</Trans>
      </Button>
    </HeaderRow>
  );
}

/** Six tiles of grey lines while the dashboard loads. */
function Loading() {
  return (
    <Grid aria-busy="true">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Tile key={index}>
          <Skeleton $widthPx={120} />
          <Skeleton $heightPx={28} $widthPx={90} />
          <Skeleton $widthPx={160} />
        </Tile>
      ))}
    </Grid>
  );
}

const HeaderRow = styled.div`
  ${flexRow(theme.space.md)}
  justify-content: space-between;
  flex-wrap: wrap;

  /* A longer "Signed in as ..." (German) wraps beside the button instead of pushing it
     down; with less than 9rem left (a long button: French) the button takes its own line. */
  > div:first-child {
    flex: 1 1 0;
    min-width: 9rem;
    overflow-wrap: anywhere;
  }
`;
