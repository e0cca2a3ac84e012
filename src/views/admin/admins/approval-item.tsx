import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AdminApproval } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { Button } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { flexColumn, flexRow } from '../../../ui/layout';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, Muted } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { FactLine, StackedRow } from '../console/admin-ui';
import { NO_APPROVER_TEXT } from '../console/pending-approval';
import { approvalActions } from './approvals-model';

/** One request: what, who asked and when, its state, and what the reader may do. */
export function ApprovalItem({
  item,
  busy,
  onApprove,
  onReject,
}: {
  item: AdminApproval;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const actions = approvalActions(item);
  const requester = item.requestedBy.username;
  const requestedAt = dateTime(item.requestedAt);
  const expiresAt = dateTime(item.expiresAt);
  const decider = item.decidedBy?.username ?? '';
  const decidedAt = item.decidedAt ? dateTime(item.decidedAt) : '';
  return (
    <StackedRow>
      <Head>
        <strong>
          <KindLabel item={item} />
        </strong>
        <StatusBadge status={item.status} />
      </Head>
      <ApprovalSubject item={item} />
      <FactLine>
        <span>
          <Trans>
            Asked by @{requester} on {requestedAt}
          </Trans>
        </span>
        {item.status === 'Pending' && (
          <span>
            <Trans>Expires {expiresAt}</Trans>
          </span>
        )}
        {item.status === 'Approved' && (
          <span>
            <Trans>
              Approved by @{decider} on {decidedAt}
            </Trans>
          </span>
        )}
        {item.status === 'Rejected' && (
          <span>
            <Trans>
              Rejected by @{decider} on {decidedAt}
            </Trans>
          </span>
        )}
      </FactLine>
      {item.status === 'Rejected' && item.reason && <Reason>{item.reason}</Reason>}
      {actions.kind === 'rejectOnly' && (
        <Muted>
          {i18n._(actions.why)} {actions.noApprover && i18n._(NO_APPROVER_TEXT)}
        </Muted>
      )}
      {actions.kind !== 'none' && (
        <Actions>
          <Button variant="danger" onClick={onReject} disabled={busy}>
            <Trans>Reject</Trans>
          </Button>
          {actions.kind === 'decide' && (
            <Button onClick={onApprove} disabled={busy}>
              <Trans>Approve</Trans>
            </Button>
          )}
        </Actions>
      )}
    </StackedRow>
  );
}

function KindLabel({ item }: { item: AdminApproval }) {
  switch (item.kind) {
    case 'admin.create':
      return <Trans>New admin</Trans>;
    case 'admin.enable':
      return <Trans>Enable an admin</Trans>;
    case 'ledger.adjust':
      return <Trans>Balance adjustment</Trans>;
    case 'settings.dual_approval':
      return <Trans>Dual approval of withdrawals</Trans>;
  }
}

/** What is asked for, in plain text (names are whatever was typed). */
export function ApprovalSubject({ item }: { item: AdminApproval }) {
  switch (item.kind) {
    case 'admin.create': {
      const { fullName, username, email } = item.subject;
      return (
        <Subject>
          <Trans>
            Create the admin {fullName} (@{username}, {email})
          </Trans>
        </Subject>
      );
    }
    case 'admin.enable': {
      const { username, reason } = item.subject;
      return (
        <Subject>
          <Trans>Enable the admin @{username} again</Trans>
          <Reason>{reason}</Reason>
        </Subject>
      );
    }
    case 'ledger.adjust': {
      const { username, reason } = item.subject;
      const amount = formatSignedMicros(microsFromWire(item.subject.amount));
      return (
        <Subject>
          <Trans>
            {amount} USDT on the wallet of @{username}
          </Trans>
          <Reason>{reason}</Reason>
        </Subject>
      );
    }
    case 'settings.dual_approval':
      return <DualApprovalChange before={item.subject.before} after={item.subject.after} />;
  }
}

function DualApprovalChange({ before, after }: { before: string | null; after: string | null }) {
  if (after === null) {
    const from = before === null ? '' : formatWireAmount(before);
    return (
      <Subject>
        <Trans>Turn dual approval off (now from {from} USDT)</Trans>
      </Subject>
    );
  }
  const to = formatWireAmount(after);
  if (before === null) {
    return (
      <Subject>
        <Trans>Dual approval from {to} USDT</Trans>
      </Subject>
    );
  }
  const from = formatWireAmount(before);
  return (
    <Subject>
      <Trans>
        Raise dual approval from {from} USDT to {to} USDT
      </Trans>
    </Subject>
  );
}

const STATUS_BADGES: Record<
  AdminApproval['status'],
  { tone: 'warning' | 'success' | 'danger' | 'neutral'; label: MessageDescriptor }
> = {
  Pending: { tone: 'warning', label: msg({ message: 'Waiting', context: 'approval status' }) },
  Approved: { tone: 'success', label: msg({ message: 'Approved', context: 'approval status' }) },
  Rejected: { tone: 'danger', label: msg({ message: 'Rejected', context: 'approval status' }) },
  Expired: { tone: 'neutral', label: msg({ message: 'Expired', context: 'approval status' }) },
};

function StatusBadge({ status }: { status: AdminApproval['status'] }) {
  const { i18n } = useLingui();
  const { tone, label } = STATUS_BADGES[status];
  return <Badge $tone={tone}>{i18n._(label)}</Badge>;
}

const Head = styled.div`
  ${flexRow(theme.space.sm)}
  justify-content: space-between;

  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const Subject = styled.div`
  ${flexColumn(theme.space.xxs)}
  overflow-wrap: anywhere;
`;

const Reason = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
  margin-top: ${theme.space.xs};
`;
