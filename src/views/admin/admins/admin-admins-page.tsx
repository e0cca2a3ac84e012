import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { AdminAccount } from '../../../../common/contract';
import { useAdminAccounts, useAdminDashboard } from '../../../services/admin-queries';
import { useDateTime } from '../../../ui/date-time';
import { Button } from '../../../ui/button';
import { Badge, Muted } from '../../../ui/page';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  DetailColumns,
  FactLine,
  PageHeading,
  RowList,
  RowListSkeleton,
  StackedRow,
} from '../console/admin-ui';
import { AdminAccessDialog, CreateAdminForm, OwnPasswordForm } from './admins-forms';
import { adminAccountAction, isOwnAccount } from './admins-model';
import { theme } from '../../../ui/theme';
import { useLoadView } from '../../../services/load-view';
import { flexRow } from '../../../ui/layout';

/**
 * The admin accounts (the signed-in admin marked, disabled ones and who asked for each
 * shown), disabling one or asking to enable it again, asking for another admin, and changing
 * one's own password.
 */
export default function AdminAdminsPage() {
  const accounts = useAdminAccounts();
  const accountsView = useLoadView(accounts);
  // The overview names the signed-in admin; the session itself holds only a token.
  const ownEmail = useAdminDashboard().data?.admin.email;
  const own = accounts.data?.admins.find((admin) => isOwnAccount(admin, ownEmail));
  return (
    <AdminPage>
      <AdminNav />
      <div>
        <PageHeading>
          <Trans>Admins</Trans>
        </PageHeading>
        <Muted>
          <Trans>
            Every admin has full access to the console. Everything they change is audited. A new
            admin, and enabling a disabled one, need a second admin&apos;s approval.
          </Trans>
        </Muted>
      </div>
      <DetailColumns>
        <div>
          {accounts.data ? (
            <AccountList admins={accounts.data.admins} ownEmail={ownEmail} />
          ) : accountsView.failed ? (
            <LoadError onRetry={accountsView.retry} busy={accountsView.busy}>
              <Trans>The admin accounts could not be loaded.</Trans>
            </LoadError>
          ) : (
            <RowListSkeleton rows={2} widthsPx={[160, 220]} gap="xs" />
          )}
          <CreateAdminForm />
        </div>
        <div>
          <OwnPasswordForm
            account={{
              ...(own ? { username: own.username } : {}),
              ...(ownEmail ? { email: ownEmail } : {}),
            }}
          />
        </div>
      </DetailColumns>
    </AdminPage>
  );
}

function AccountList({
  admins,
  ownEmail,
}: {
  admins: AdminAccount[];
  ownEmail: string | undefined;
}) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const [managing, setManaging] = useState<{
    account: AdminAccount;
    action: 'disable' | 'enable';
  } | null>(null);
  const count = admins.length;
  return (
    <section aria-label={t`Admin accounts`}>
      <ListTitle>
        <Trans>Admin accounts ({count})</Trans>
      </ListTitle>
      <RowList>
        {admins.map((admin) => {
          const created = dateTime(admin.createdAt);
          const lastLogin = admin.lastLoginDate ? dateTime(admin.lastLoginDate) : null;
          const creator = admin.createdBy?.username;
          const action = adminAccountAction(admin, ownEmail);
          return (
            <StackedRow key={admin._id}>
              <NameLine>
                <strong>{admin.fullName || admin.username}</strong>
                {isOwnAccount(admin, ownEmail) && (
                  <Badge $tone="success">
                    <Trans>You</Trans>
                  </Badge>
                )}
                {admin.disabledAt !== null && (
                  <Badge $tone="danger">
                    <Trans>Disabled</Trans>
                  </Badge>
                )}
              </NameLine>
              <FactLine>
                <span>@{admin.username}</span>
                <span>{admin.email}</span>
              </FactLine>
              <FactLine>
                <span>
                  {creator ? (
                    <Trans>
                      Created {created} at the request of @{creator}
                    </Trans>
                  ) : (
                    <Trans>Created {created}</Trans>
                  )}
                </span>
                <span>
                  {lastLogin ? (
                    <Trans>Last sign-in {lastLogin}</Trans>
                  ) : (
                    <Trans>Never signed in</Trans>
                  )}
                </span>
              </FactLine>
              {action !== 'none' && (
                <RowActions>
                  <Button
                    variant={action === 'disable' ? 'danger' : 'secondary'}
                    onClick={() => setManaging({ account: admin, action })}
                  >
                    {action === 'disable' ? <Trans>Disable</Trans> : <Trans>Ask to enable</Trans>}
                  </Button>
                </RowActions>
              )}
            </StackedRow>
          );
        })}
      </RowList>
      {managing && (
        <AdminAccessDialog
          account={managing.account}
          action={managing.action}
          onClose={() => setManaging(null)}
        />
      )}
    </section>
  );
}

const ListTitle = styled.h2`
  margin-bottom: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.textMuted};
`;

const NameLine = styled.div`
  ${flexRow(theme.space.sm)}
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

const RowActions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${theme.space.xs};
`;
