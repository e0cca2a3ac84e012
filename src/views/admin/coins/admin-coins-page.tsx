import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { AdminCoin } from '../../../../common/contract';
import { useAdminCoins } from '../../../services/admin-queries';
import { Button } from '../../../ui/button';
import { MarketsIcon } from '../../../ui/icons';
import { EmptyState, Muted } from '../../../ui/page';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  Mono,
  PageHeading,
  RowList,
  RowListSkeleton,
  smallCapsStyle,
} from '../console/admin-ui';
import { CoinDeleteDialog } from './coin-delete-dialog';
import { CoinEditor, type CoinEditorTarget } from './coin-editor';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';
import { flexColumn, flexRow } from '../../../ui/layout';

/**
 * The listed coins, in the order the markets show them (the server's order): add a coin,
 * change a coin's name or sort order, or unlist it. A table on a desktop; on a phone, one
 * row per coin whose Edit button opens a sheet (with the way to delete it).
 */
export default function AdminCoinsPage() {
  const query = useAdminCoins();
  const queryView = useLoadView(query);
  const [editor, setEditor] = useState<CoinEditorTarget | null>(null);
  const [deleting, setDeleting] = useState<AdminCoin | null>(null);
  const coins = query.data?.coins;

  const edit = (coin: AdminCoin) => setEditor({ mode: 'edit', coin });
  const askDelete = (coin: AdminCoin) => {
    setEditor(null);
    setDeleting(coin);
  };

  return (
    <AdminPage>
      <AdminNav />
      <Intro>
        <TitleRow>
          <PageHeading>
            <Trans>Coins</Trans>
          </PageHeading>
          <Button onClick={() => setEditor({ mode: 'create' })}>
            <Trans>Add coin</Trans>
          </Button>
        </TitleRow>
        <Muted>
          <Trans>The markets list these coins, lowest sort order first.</Trans>
        </Muted>
      </Intro>

      {queryView.failed && !coins ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          <Trans>The coins could not be loaded.</Trans>
        </LoadError>
      ) : !coins ? (
        <RowListSkeleton rows={4} widthsPx={[160, 200]} gap="md" />
      ) : coins.length === 0 ? (
        <EmptyState icon={<MarketsIcon sizePx={32} />} title={<Trans>No coin is listed.</Trans>}>
          <Trans>Add a coin to show it on the markets and allow trades on it.</Trans>
        </EmptyState>
      ) : (
        <>
          <CoinTable coins={coins} onEdit={edit} onDelete={askDelete} />
          <CoinRows coins={coins} onEdit={edit} />
        </>
      )}

      {editor && (
        <CoinEditor
          key={editor.mode === 'edit' ? editor.coin._id : 'new'}
          target={editor}
          onClose={() => setEditor(null)}
          onDelete={askDelete}
        />
      )}
      {deleting && <CoinDeleteDialog coin={deleting} onClose={() => setDeleting(null)} />}
    </AdminPage>
  );
}

function useCreatedDate(): (iso: string) => string {
  const { i18n } = useLingui();
  return (iso) => i18n.date(iso, { dateStyle: 'medium' });
}

/** A desktop's table: symbol, name, sort order, when it was added, and the actions. */
function CoinTable({
  coins,
  onEdit,
  onDelete,
}: {
  coins: AdminCoin[];
  onEdit: (coin: AdminCoin) => void;
  onDelete: (coin: AdminCoin) => void;
}) {
  const { t } = useLingui();
  const created = useCreatedDate();
  return (
    <TableBox>
      <Table aria-label={t`Listed coins`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Symbol</Trans>
            </th>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col" data-align="end">
              <Trans>Sort order</Trans>
            </th>
            <th scope="col">
              <Trans>Added</Trans>
            </th>
            <th scope="col">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => {
            const symbol = coin.symbol;
            return (
              <tr key={coin._id}>
                <td>
                  <Symbol>{coin.symbol}</Symbol>
                </td>
                <td>{coin.name}</td>
                <td data-align="end">{coin.sortOrder}</td>
                <td>{created(coin.createdAt)}</td>
                <td data-align="end">
                  <RowActions>
                    <EditButton coin={coin} onEdit={onEdit} />
                    <SmallButton
                      variant="danger"
                      onClick={() => onDelete(coin)}
                      aria-label={t`Delete ${symbol}`}
                    >
                      <Trans>Delete</Trans>
                    </SmallButton>
                  </RowActions>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableBox>
  );
}

/** A phone's list: symbol and name, then the sort order and date; Edit opens the sheet. */
function CoinRows({ coins, onEdit }: { coins: AdminCoin[]; onEdit: (coin: AdminCoin) => void }) {
  const { t } = useLingui();
  const created = useCreatedDate();
  return (
    <Rows aria-label={t`Listed coins`} data-phone-only>
      {coins.map((coin) => {
        const order = coin.sortOrder;
        const date = created(coin.createdAt);
        return (
          <li key={coin._id}>
            <RowText>
              <strong>
                <Symbol>{coin.symbol}</Symbol> <span>{coin.name}</span>
              </strong>
              <small>
                <Trans>
                  Sort order {order} · {date}
                </Trans>
              </small>
            </RowText>
            <EditButton coin={coin} onEdit={onEdit} />
          </li>
        );
      })}
    </Rows>
  );
}

/** Opens the coin's editor; named with the symbol, as the rows all say "Edit". */
function EditButton({ coin, onEdit }: { coin: AdminCoin; onEdit: (coin: AdminCoin) => void }) {
  const { t } = useLingui();
  const symbol = coin.symbol;
  return (
    <SmallButton variant="secondary" onClick={() => onEdit(coin)} aria-label={t`Edit ${symbol}`}>
      <Trans>Edit</Trans>
    </SmallButton>
  );
}

/** The table from this width up; the list below it. */
const DESKTOP = '(min-width: 760px)';

const Intro = styled.div`
  ${flexColumn(theme.space.xs)}
`;

const TitleRow = styled.div`
  ${flexRow(theme.space.md)}
  justify-content: space-between;

  > h1 {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  > button {
    flex: none;
  }
`;

const Symbol = styled(Mono)`
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.text};
`;

const SmallButton = styled(Button)`
  min-height: 36px;
  padding: 0 ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
`;

const RowActions = styled.span`
  display: inline-flex;
  gap: ${theme.space.sm};
`;

const TableBox = styled.div`
  display: none;
  @media ${DESKTOP} {
    display: block;
    border-radius: ${theme.radii.lg};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
    overflow: hidden;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: ${theme.space.md} ${theme.space.lg};
    text-align: left;
    vertical-align: middle;
    overflow-wrap: anywhere;
  }
  th[data-align='end'],
  td[data-align='end'] {
    text-align: right;
  }
  th {
    ${smallCapsStyle}
    border-bottom: 1px solid ${theme.colors.border};
  }
  tbody tr + tr td {
    border-top: 1px solid ${theme.colors.border};
  }
  tbody tr:hover {
    background: ${theme.colors.surfaceHover};
  }
  td:last-child {
    width: 1%;
    white-space: nowrap;
  }
`;

const Rows = styled(RowList)`
  > li {
    ${flexRow(theme.space.md)}
    padding: ${theme.space.md} ${theme.space.lg};
  }

  &[data-phone-only] {
    @media ${DESKTOP} {
      display: none;
    }
  }
`;

const RowText = styled.span`
  ${flexColumn('2px')}
  flex: 1;
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.medium};
    overflow-wrap: anywhere;
  }
  strong > span {
    margin-left: ${theme.space.xs};
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;
