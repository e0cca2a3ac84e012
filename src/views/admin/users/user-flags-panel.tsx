import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { AdminUserFlagsRequest, AdminUserSummary } from '../../../../common/contract';
import { useUpdateAdminUserFlags } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { Badge, ErrorMessage, Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';
import { UserCard } from './user-ui';

type Flag = keyof AdminUserFlagsRequest;

interface FlagRow {
  flag: Flag;
  label: MessageDescriptor;
  /** Whether the account is in its usual state (enabled, allowed). */
  normal: boolean;
  state: MessageDescriptor;
  /** The button that changes it, and the change it sends. */
  action: MessageDescriptor;
  change: AdminUserFlagsRequest;
  done: MessageDescriptor;
}

function flagRows(user: AdminUserSummary): FlagRow[] {
  return [
    user.disabled
      ? {
          flag: 'disabled',
          label: msg`Account`,
          normal: false,
          state: msg`Disabled`,
          action: msg`Enable account`,
          change: { disabled: false },
          done: msg`Account enabled. The user can sign in again.`,
        }
      : {
          flag: 'disabled',
          label: msg`Account`,
          normal: true,
          state: msg`Active`,
          action: msg`Disable account`,
          change: { disabled: true },
          done: msg`Account disabled. The user is signed out everywhere.`,
        },
    user.tradingAllowed
      ? {
          flag: 'tradingAllowed',
          label: msg`Trading`,
          normal: true,
          state: msg`Allowed`,
          action: msg`Stop trading`,
          change: { tradingAllowed: false },
          done: msg`Trading stopped for this user.`,
        }
      : {
          flag: 'tradingAllowed',
          label: msg`Trading`,
          normal: false,
          state: msg`Stopped`,
          action: msg`Allow trading`,
          change: { tradingAllowed: true },
          done: msg`Trading allowed again.`,
        },
    user.withdrawalsAllowed
      ? {
          flag: 'withdrawalsAllowed',
          label: msg`Withdrawals`,
          normal: true,
          state: msg`Allowed`,
          action: msg`Stop withdrawals`,
          change: { withdrawalsAllowed: false },
          done: msg`Withdrawals stopped for this user.`,
        }
      : {
          flag: 'withdrawalsAllowed',
          label: msg`Withdrawals`,
          normal: false,
          state: msg`Stopped`,
          action: msg`Allow withdrawals`,
          change: { withdrawalsAllowed: true },
          done: msg`Withdrawals allowed again.`,
        },
  ];
}

/**
 * The account's switches: disabled or not, trading and withdrawals allowed or stopped.
 * Disabling signs the user out everywhere, so it asks first; the others apply at once and
 * are as easily undone.
 */
export function UserFlagsPanel({ user }: { user: AdminUserSummary }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useUpdateAdminUserFlags(user._id);
  const [pending, setPending] = useState<Flag | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const who = user.username;

  const apply = async (row: FlagRow) => {
    setPending(row.flag);
    try {
      await mutation.mutateAsync(row.change);
      toast({ tone: 'success', text: i18n._(row.done) });
    } catch {
      // Shown from `mutation.error`.
    } finally {
      setPending(null);
      setConfirmDisable(false);
    }
  };

  const rows = flagRows(user);
  const disableRow = rows[0];
  const failure = mutation.error
    ? translate(
        i18n,
        describeAdminError(mutation.error, msg`The change could not be saved.`).message,
      )
    : null;
  return (
    <UserCard title={t`Account controls`}>
      <FlagList>
        {rows.map((row) => (
          <li key={row.flag}>
            <span>
              <strong>{i18n._(row.label)}</strong>
              <Badge
                $tone={row.normal ? 'success' : row.flag === 'disabled' ? 'danger' : 'warning'}
              >
                {i18n._(row.state)}
              </Badge>
            </span>
            <Button
              variant={row.normal ? 'danger' : 'secondary'}
              busy={pending === row.flag && !confirmDisable}
              disabled={pending !== null}
              onClick={() =>
                row.flag === 'disabled' && row.normal ? setConfirmDisable(true) : void apply(row)
              }
            >
              {i18n._(row.action)}
            </Button>
          </li>
        ))}
      </FlagList>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}

      <ConfirmDialog
        open={confirmDisable}
        title={<Trans>Disable this account?</Trans>}
        confirmLabel={<Trans>Disable account</Trans>}
        tone="danger"
        busy={pending === 'disabled'}
        onConfirm={() => disableRow && void apply(disableRow)}
        onCancel={() => setConfirmDisable(false)}
      >
        <p>
          <Trans>
            This signs {who} out everywhere, on every device, and refuses their sign-in until you
            enable the account again.
          </Trans>
        </p>
        <Muted>
          <Trans>Their balance, requests and history stay as they are.</Trans>
        </Muted>
      </ConfirmDialog>
    </UserCard>
  );
}

const FlagList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    ${flexRow(theme.space.md)}
    justify-content: space-between;
    padding: ${theme.space.sm} 0;
  }
  > li + li {
    border-top: 1px solid ${theme.colors.border};
  }
  > li > span {
    ${flexRow(theme.space.sm)}
    flex-wrap: wrap;
    min-width: 0;
  }
  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
  button {
    flex: none;
    min-height: 40px;
    padding: 0 ${theme.space.lg};
    font-size: ${theme.fontSizes.sm};
  }
`;
