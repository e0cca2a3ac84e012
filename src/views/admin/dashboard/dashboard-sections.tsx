import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AdminDashboard } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { useDateTime } from '../../../ui/date-time';
import { ChevronRightIcon } from '../../../ui/icons';
import { flexColumn } from '../../../ui/layout';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, Muted, TitledSection } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { ageParts } from './dashboard-model';

/**
 * The dashboard's figures in four titled groups of tiles: what needs attention, activity,
 * the platform's money and its health.
 */
export function Figures({ data }: { data: AdminDashboard }) {
  return (
    <>
      <TileGroup id="attention" title={<Trans>Needs attention</Trans>}>
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
        {!data.tradingCountriesChosen && <TradingCountriesCard />}
      </TileGroup>
      <ActivityTiles data={data} />
      <PlatformTiles data={data} />
      <TileGroup id="health" title={<Trans>Health</Trans>}>
        <LedgerTile data={data} />
        <MarketTile market={data.market} />
      </TileGroup>
      <Muted>
        <Trans>Refreshed every 10 seconds.</Trans>
      </Muted>
    </>
  );
}

/** A titled section of tiles; `id` names the title, which names the section. */
function TileGroup({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <TitledSection titleId={id} title={title}>
      <Grid>{children}</Grid>
    </TitledSection>
  );
}

/** A figure's tile: what it is, the figure, and a line about it; a link with `href`. */
function FigureTile({
  label,
  figure,
  note,
  href,
}: {
  label: ReactNode;
  figure: ReactNode;
  note: ReactNode;
  href?: string;
}) {
  const content = (
    <>
      <TileLabel>{label}</TileLabel>
      <Big>{figure}</Big>
      <Muted>{note}</Muted>
    </>
  );
  return href === undefined ? (
    <Tile>{content}</Tile>
  ) : (
    <Tile as={Link} href={href}>
      {content}
    </Tile>
  );
}

const usdt = (wire: string) => `${formatWireAmount(wire)} USDT`;

function ActivityTiles({ data }: { data: AdminDashboard }) {
  const { i18n } = useLingui();
  return (
    <TileGroup id="activity" title={<Trans>Activity</Trans>}>
      <FigureTile
        href="/admin/users"
        label={<Trans>Users</Trans>}
        figure={i18n.number(data.users.total)}
        note={<Trans>+{i18n.number(data.users.newToday)} today</Trans>}
      />
      <FigureTile
        label={<Trans>Deposit volume</Trans>}
        figure={usdt(data.volume.deposits.today)}
        note={<Trans>Today · {usdt(data.volume.deposits.last7Days)} over 7 days</Trans>}
      />
      <FigureTile
        label={<Trans>Withdrawal volume</Trans>}
        figure={usdt(data.volume.withdrawals.today)}
        note={<Trans>Today · {usdt(data.volume.withdrawals.last7Days)} over 7 days</Trans>}
      />
    </TileGroup>
  );
}

function PlatformTiles({ data }: { data: AdminDashboard }) {
  const signed = (wire: string) => `${formatSignedMicros(microsFromWire(wire))} USDT`;
  return (
    <TileGroup id="platform" title={<Trans>Platform</Trans>}>
      <FigureTile
        label={<Trans>Trading house result</Trans>}
        figure={signed(data.platform.tradingHouse)}
        note={<Trans>Stakes lost minus profits paid</Trans>}
      />
      <FigureTile
        label={<Trans>Fee revenue</Trans>}
        figure={usdt(data.platform.feeRevenue)}
        note={<Trans>Withdrawal and transfer fees</Trans>}
      />
      <FigureTile
        label={<Trans>Dual approval</Trans>}
        figure={
          data.withdrawalDualApproval === null ? (
            <Trans>Off</Trans>
          ) : (
            usdt(data.withdrawalDualApproval)
          )
        }
        note={
          data.withdrawalDualApproval === null ? (
            <Trans>One admin approves every withdrawal.</Trans>
          ) : (
            <Trans>Withdrawals from this amount need two admins.</Trans>
          )
        }
      />
    </TileGroup>
  );
}

function LedgerTile({ data }: { data: AdminDashboard }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  return (
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
  );
}

function MarketTile({ market }: { market: AdminDashboard['market'] }) {
  const { i18n } = useLingui();
  const age = (ms: number) => {
    const { value, unit } = ageParts(ms);
    return i18n.number(value, { style: 'unit', unit, unitDisplay: 'short' });
  };
  return (
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
          <Muted>{market.provider ? `${market.source} · ${market.provider}` : market.source}</Muted>
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

/**
 * Until an admin has saved the blocked-country list once: retail binary options are banned
 * or restricted in several jurisdictions, so the operator chooses where trades are offered.
 */
function TradingCountriesCard() {
  return (
    <Tile as={Link} href="/admin/settings" $attention data-testid="trading-countries-reminder">
      <TileLabel>
        <Trans>Timed trades</Trans>
      </TileLabel>
      <CountRow>
        <strong>
          <Trans>Choose where timed trades are offered</Trans>
        </strong>
        <ChevronRightIcon sizePx={20} />
      </CountRow>
      <Muted>
        <Trans>Retail binary options are banned or restricted in several jurisdictions.</Trans>
      </Muted>
    </Tile>
  );
}

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${theme.space.md};
`;

/** Every line of a tile is a figure refreshed every 10 s: tabular, so none jitters. */
export const Tile = styled.div<{ $attention?: boolean }>`
  font-variant-numeric: tabular-nums;
  ${flexColumn(theme.space.xs)}
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
