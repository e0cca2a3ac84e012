import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AdminDashboard } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { sendAuth, useSession } from '../../../machines/auth-session';
import { useAdminDashboard } from '../../../services/admin-queries';
import { Button } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { ChevronRightIcon, LogoutIcon } from '../../../ui/icons';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, Muted, Section, SectionTitle } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, PageHeading } from '../console/admin-ui';
import { ageParts } from './dashboard-model';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';

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

function Figures({ data }: { data: AdminDashboard }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const usdt = (wire: string) => `${formatWireAmount(wire)} USDT`;
  const signed = (wire: string) => `${formatSignedMicros(microsFromWire(wire))} USDT`;
  const market = data.market;
  const age = (ms: number) => {
    const { value, unit } = ageParts(ms);
    return i18n.number(value, { style: 'unit', unit, unitDisplay: 'short' });
  };
  return (
    <>
      <Section aria-labelledby="attention">
        <SectionTitle id="attention">
          <Trans>Needs attention</Trans>
        </SectionTitle>
        <Grid>
          <PendingCard
            to="/admin/deposits"
            count={data.pending.deposits}
            label={<Trans>Pending deposits</Trans>}
          />
          <PendingCard
            to="/admin/withdrawals"
            count={data.pending.withdrawals}
            label={<Trans>Pending withdrawals</Trans>}
          />
          <PendingCard
            to="/admin/kyc"
            count={data.pending.kyc}
            label={<Trans>Pending KYC requests</Trans>}
          />
        </Grid>
      </Section>

      <Section aria-labelledby="activity">
        <SectionTitle id="activity">
          <Trans>Activity</Trans>
        </SectionTitle>
        <Grid>
          <Tile as={Link} href="/admin/users">
            <TileLabel>
              <Trans>Users</Trans>
            </TileLabel>
            <Big>{i18n.number(data.users.total)}</Big>
            <Muted>
              <Trans>+{i18n.number(data.users.newToday)} today</Trans>
            </Muted>
          </Tile>
          <Tile>
            <TileLabel>
              <Trans>Deposit volume</Trans>
            </TileLabel>
            <Big>{usdt(data.volume.deposits.today)}</Big>
            <Muted>
              <Trans>Today · {usdt(data.volume.deposits.last7Days)} over 7 days</Trans>
            </Muted>
          </Tile>
          <Tile>
            <TileLabel>
              <Trans>Withdrawal volume</Trans>
            </TileLabel>
            <Big>{usdt(data.volume.withdrawals.today)}</Big>
            <Muted>
              <Trans>Today · {usdt(data.volume.withdrawals.last7Days)} over 7 days</Trans>
            </Muted>
          </Tile>
        </Grid>
      </Section>

      <Section aria-labelledby="platform">
        <SectionTitle id="platform">
          <Trans>Platform</Trans>
        </SectionTitle>
        <Grid>
          <Tile>
            <TileLabel>
              <Trans>Trading house result</Trans>
            </TileLabel>
            <Big>{signed(data.platform.tradingHouse)}</Big>
            <Muted>
              <Trans>Stakes lost minus profits paid</Trans>
            </Muted>
          </Tile>
          <Tile>
            <TileLabel>
              <Trans>Fee revenue</Trans>
            </TileLabel>
            <Big>{usdt(data.platform.feeRevenue)}</Big>
            <Muted>
              <Trans>Withdrawal and transfer fees</Trans>
            </Muted>
          </Tile>
          <Tile>
            <TileLabel>
              <Trans>Dual approval</Trans>
            </TileLabel>
            <Big>
              {data.withdrawalDualApproval === null ? (
                <Trans>Off</Trans>
              ) : (
                usdt(data.withdrawalDualApproval)
              )}
            </Big>
            <Muted>
              {data.withdrawalDualApproval === null ? (
                <Trans>One admin approves every withdrawal.</Trans>
              ) : (
                <Trans>Withdrawals from this amount need two admins.</Trans>
              )}
            </Muted>
          </Tile>
        </Grid>
      </Section>

      <Section aria-labelledby="health">
        <SectionTitle id="health">
          <Trans>Health</Trans>
        </SectionTitle>
        <Grid>
          <Tile>
            <TileLabel>
              <Trans>Ledger check</Trans>
            </TileLabel>
            <div>
              {data.ledger.ok ? (
                <Badge $tone="success">
                  <Trans>OK</Trans>
                </Badge>
              ) : (
                <Badge $tone="danger">
                  <Trans>{i18n.number(data.ledger.violations)} violations</Trans>
                </Badge>
              )}
            </div>
            <Muted>
              <Trans>Checked {dateTime(data.ledger.checkedAt)}</Trans>
            </Muted>
          </Tile>
          <Tile>
            <TileLabel>
              <Trans>Market feed</Trans>
            </TileLabel>
            {'error' in market ? (
              <>
                <div>
                  <Badge $tone="danger">
                    <Trans>Unavailable</Trans>
                  </Badge>
                </div>
                <Muted>{market.error}</Muted>
              </>
            ) : (
              <>
                <div>
                  {market.stale ? (
                    <Badge $tone="warning">
                      <Trans>Stale</Trans>
                    </Badge>
                  ) : (
                    <Badge $tone="success">
                      <Trans>Live</Trans>
                    </Badge>
                  )}
                </div>
                <Muted>
                  {market.provider ? `${market.source} · ${market.provider}` : market.source}
                </Muted>
                <Muted>
                  {market.lastTickAgeMs === null ? (
                    <Trans>No tick yet</Trans>
                  ) : (
                    <Trans>Last tick {age(market.lastTickAgeMs)} ago</Trans>
                  )}
                </Muted>
              </>
            )}
          </Tile>
        </Grid>
      </Section>
      <Muted>
        <Trans>Refreshed every 10 seconds.</Trans>
      </Muted>
    </>
  );
}

function PendingCard({ to, count, label }: { to: string; count: number; label: ReactNode }) {
  return (
    <Tile as={Link} href={to} $attention={count > 0}>
      <TileLabel>{label}</TileLabel>
      <CountRow>
        <Big data-testid="pending-count">{count}</Big>
        <ChevronRightIcon sizePx={20} />
      </CountRow>
      <Muted>{count > 0 ? <Trans>Open the queue</Trans> : <Trans>All clear</Trans>}</Muted>
    </Tile>
  );
}

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
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  flex-wrap: wrap;

  /* A longer "Signed in as ..." (German) wraps beside the button instead of pushing it
     down; with less than 9rem left (a long button: French) the button takes its own line. */
  > div:first-child {
    flex: 1 1 0;
    min-width: 9rem;
    overflow-wrap: anywhere;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${theme.space.md};
`;

/** Every line of a tile is a figure refreshed every 10 s: tabular, so none jitters. */
const Tile = styled.div<{ $attention?: boolean }>`
  font-variant-numeric: tabular-nums;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid
    ${({ theme, $attention }) => ($attention ? theme.colors.warning : theme.colors.border)};
  color: inherit;
  text-decoration: none;

  &[href]:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

const TileLabel = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Big = styled.p`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

const CountRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  color: ${theme.colors.textMuted};
`;
