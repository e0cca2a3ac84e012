import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { ADMIN_USER_SEARCH_MAX_LENGTH, type AdminUserSummary } from '../../../../common/contract';
import { useAdminUsers } from '../../../services/admin-queries';
import { Button } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { SearchIcon, UsersIcon } from '../../../ui/page-icons';
import { EmptyState, Figure, Muted } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { formatWireAmount } from '../../../ui/money';
import { TextField } from '../../../ui/text-field';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  Mono,
  PageHeading,
  Pager,
  RowLink,
  RowList,
  TitleRow,
  smallCapsStyle,
} from '../console/admin-ui';
import { pageCountOf, pageSteps } from '../console/paging';
import { parseUserSearch, userHref, userSearchHref } from './user-model';
import { UserBadges } from './user-ui';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The users: a search by email, username or Pay ID, 20 a page, newest first. The search and
 * the page live in the address, so going back from a user, or reloading, keeps them.
 */
export default function AdminUsersPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const view = parseUserSearch(useSearch());
  const query = useAdminUsers(view);
  const queryView = useLoadView(query);
  const [draft, setDraft] = useState(view.q);
  // The address can change under the field (back, forward): show its search then. Compared
  // with the last address seen, so a trailing space being typed is not taken away.
  const [seenQ, setSeenQ] = useState(view.q);
  if (seenQ !== view.q) {
    setSeenQ(view.q);
    if (draft.trim() !== view.q) setDraft(view.q);
  }

  // Typing searches after a pause; the address is replaced, so Back leaves the list.
  useEffect(() => {
    if (draft.trim() === view.q) return;
    const timer = setTimeout(
      () => navigate(userSearchHref({ q: draft, page: 1 }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, view.q, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() !== view.q) navigate(userSearchHref({ q: draft, page: 1 }), { replace: true });
    else void query.refetch();
  };

  const data = query.data;
  const pages = data ? pageCountOf(data.total, data.pageSize) : 1;
  const pageNumber = Math.min(view.page, pages);
  return (
    <AdminPage>
      <AdminNav />
      <TitleRow>
        <PageHeading>
          <Trans>Users</Trans>
        </PageHeading>
        {data && (
          <Muted aria-live="polite">
            <Trans>{data.total} in this list</Trans>
          </Muted>
        )}
      </TitleRow>
      <SearchForm role="search" onSubmit={onSubmit}>
        <TextField
          label={<Trans>Search users</Trans>}
          type="search"
          name="q"
          value={draft}
          maxLength={ADMIN_USER_SEARCH_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t`Email, username or Pay ID`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
        />
        <SearchButton type="submit" variant="secondary" busy={query.isFetching && !data}>
          {!(query.isFetching && !data) && <SearchIcon sizePx={20} />}
          <span className="label">
            <Trans>Search</Trans>
          </span>
        </SearchButton>
      </SearchForm>

      {queryView.failed && (!data || query.isPlaceholderData) ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          <Trans>The users could not be loaded.</Trans>
        </LoadError>
      ) : !data ? (
        <UserSkeleton />
      ) : data.users.length === 0 ? (
        <EmptyState icon={<UsersIcon sizePx={32} />} title={<EmptyTitle q={view.q} />}>
          {view.q !== '' && (
            <Trans>Search by part of an email or username, or the start of a Pay ID.</Trans>
          )}
        </EmptyState>
      ) : (
        <UserTable users={data.users} stale={query.isPlaceholderData} />
      )}

      {data && (data.total > 0 || view.page > 1) && (
        <Pager
          steps={pageSteps(view.page, pages)}
          hrefOf={(page) => userSearchHref({ q: view.q, page })}
        >
          <Trans>
            Page {pageNumber} of {pages}
          </Trans>
        </Pager>
      )}
    </AdminPage>
  );
}

function EmptyTitle({ q }: { q: string }) {
  // The search is shown as text inside quotes; never as markup.
  if (q === '') return <Trans>No users yet.</Trans>;
  return <Trans>No users match “{q}”.</Trans>;
}

/** A table-like grid on a desktop (with a header row), a card per user on a phone. */
function UserTable({ users, stale }: { users: AdminUserSummary[]; stale: boolean }) {
  const dateTime = useDateTime();
  return (
    <div>
      <HeaderRow aria-hidden="true">
        <span>
          <Trans>User</Trans>
        </span>
        <span>
          <Trans>Pay ID</Trans>
        </span>
        <span>
          <Trans>Balance</Trans>
        </span>
        <span>
          <Trans>Status</Trans>
        </span>
        <span>
          <Trans>Last login</Trans>
        </span>
      </HeaderRow>
      <RowList $stale={stale} aria-busy={stale || undefined}>
        {users.map((user) => (
          <li key={user._id}>
            <UserRowLink href={userHref(user._id)}>
              <Cell $slot="who">
                <strong>{user.username}</strong>
                <span>{user.fullName}</span>
                <small>{user.email}</small>
              </Cell>
              <Cell $slot="payId">
                <small className="phone-label">
                  <Trans>Pay ID</Trans>
                </small>
                <Mono>{user.payId}</Mono>
              </Cell>
              <Cell $slot="money">
                <strong>
                  <Figure>{formatWireAmount(user.balance)} USDT</Figure>
                </strong>
                <small>
                  <Trans>On hold</Trans> <Figure>{formatWireAmount(user.onHold)}</Figure>
                </small>
              </Cell>
              <Cell $slot="badges">
                <UserBadges user={user} />
              </Cell>
              <Cell $slot="login">
                <small>
                  <span className="phone-label">
                    <Trans>Last login</Trans>{' '}
                  </span>
                  {user.lastLoginDate ? dateTime(user.lastLoginDate) : <Trans>Never</Trans>}
                </small>
              </Cell>
            </UserRowLink>
          </li>
        ))}
      </RowList>
    </div>
  );
}

function UserSkeleton() {
  const { t } = useLingui();
  return (
    <RowList aria-busy="true" aria-label={t`Loading`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <li key={index}>
          <SkeletonRow>
            <Skeleton $heightPx={16} $widthPx={150} />
            <Skeleton $heightPx={16} $widthPx={90} />
            <Skeleton $heightPx={12} $widthPx={200} />
            <Skeleton $heightPx={12} $widthPx={70} />
          </SkeletonRow>
        </li>
      ))}
    </RowList>
  );
}

const SearchForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${theme.space.sm};
  align-items: start;
  margin: calc(-1 * ${theme.space.sm}) 0 calc(-1 * ${theme.space.lg});

  > button {
    /* In line with the input, below its label. */
    margin-top: calc(1.25rem + ${theme.space.xs});
  }
`;

/** A magnifier on a phone (the field needs the width), with its word on wider screens. */
const SearchButton = styled(Button)`
  padding: 0 ${theme.space.md};

  .label {
    ${visuallyHiddenStyle}
  }
  @media (min-width: 600px) {
    padding: 0 ${theme.space.xl};
    .label {
      position: static;
      width: auto;
      height: auto;
      margin: 0;
      overflow: visible;
      clip: auto;
    }
  }
`;

/** On a desktop: user, Pay ID, balance, status, last login. */
const DESKTOP_COLUMNS =
  'minmax(0, 1.7fr) minmax(0, 0.9fr) minmax(0, 1fr) minmax(0, 1.1fr) minmax(0, 1fr)';
const DESKTOP = '@media (min-width: 900px)';

const HeaderRow = styled.div`
  display: none;
  ${DESKTOP} {
    display: grid;
    grid-template-columns: ${DESKTOP_COLUMNS};
    gap: ${theme.space.lg};
    padding: 0 ${theme.space.lg} ${theme.space.sm};
    ${smallCapsStyle}
  }
`;

/** Phone: who | money on the first line, Pay ID, badges, then last login. */
const rowGrid = `
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas:
    'who money'
    'payId payId'
    'badges badges'
    'login login';
  column-gap: 16px;
  row-gap: 6px;
  padding: 12px 16px;
  ${DESKTOP} {
    grid-template-columns: ${DESKTOP_COLUMNS};
    grid-template-areas: 'who payId money badges login';
    align-items: center;
    column-gap: 16px;
    padding: 12px 16px;
  }
`;

const UserRowLink = styled(RowLink)`
  ${rowGrid}
`;

const SkeletonRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px 16px;
  padding: 14px 16px;
`;

const Cell = styled.span<{ $slot: 'who' | 'payId' | 'money' | 'badges' | 'login' }>`
  grid-area: ${({ $slot }) => $slot};
  display: flex;

  &:empty {
    display: none;
  }
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  text-align: ${({ $slot }) => ($slot === 'money' ? 'right' : 'left')};

  strong {
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  span,
  small {
    overflow-wrap: anywhere;
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
  ${({ $slot }) => ($slot === 'payId' ? 'flex-direction: row; gap: 6px; align-items: baseline;' : '')}
  ${({ $slot }) => ($slot === 'badges' ? 'flex-direction: row; flex-wrap: wrap;' : '')}

  ${DESKTOP} {
    text-align: left;
    ${({ $slot }) => ($slot === 'payId' ? 'flex-direction: column;' : '')}
    .phone-label {
      display: none;
    }
  }
`;
