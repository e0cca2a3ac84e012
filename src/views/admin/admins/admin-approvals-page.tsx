import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { APPROVAL_REASON_MAX_LENGTH, type AdminApproval } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import {
  useAdminApprovals,
  useApproveAdminRequest,
  useRejectAdminRequest,
} from '../../../services/admin-queries';
import { Button } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { ConfirmDialog } from '../../../ui/dialog';
import { HistoryIcon } from '../../../ui/icons';
import { formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { Badge, EmptyState, ErrorMessage, Muted } from '../../../ui/page';
import { TextAreaField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  PageHeading,
  Pager,
  PillTab,
  RowList,
  RowListSkeleton,
  TitleRow,
} from '../console/admin-ui';
import { pageSteps } from '../console/paging';
import { NO_APPROVER_TEXT } from '../console/pending-approval';
import {
  APPROVAL_TABS,
  approvalActions,
  approvalErrorMessage,
  approvalReasonError,
  approvalsHref,
  parseApprovalsSearch,
} from './approvals-model';
import { theme } from '../../../ui/theme';

/**
 * Four-eyes requests: what one admin asked for (a new admin, enabling a disabled admin, a
 * large balance adjustment, loosening dual approval) and another admin approves or rejects.
 * A request the reader may not approve (their own, or one the rules keep from them) shows
 * why, and can still be rejected. Polled every 10 s, like the queues.
 */
export default function AdminApprovalsPage() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const view = parseApprovalsSearch(useSearch());
  const query = useAdminApprovals(view);
  const approve = useApproveAdminRequest();
  const reject = useRejectAdminRequest();
  const [dialog, setDialog] = useState<{ mode: 'approve' | 'reject'; item: AdminApproval } | null>(
    null,
  );
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<MessageDescriptor | null>(null);
  const [failure, setFailure] = useState<MessageDescriptor | string | null>(null);
  const data = query.data;
  const steps = data ? pageSteps(view.page, data.pageCount) : null;
  const pages = data?.pageCount ?? 1;
  const pageNumber = Math.min(view.page, pages);
  const busy = approve.isPending || reject.isPending;

  function open(mode: 'approve' | 'reject', item: AdminApproval) {
    setFailure(null);
    setReason('');
    setReasonProblem(null);
    setDialog({ mode, item });
  }

  async function confirm() {
    if (!dialog) return;
    try {
      if (dialog.mode === 'approve') {
        await approve.mutateAsync(dialog.item._id);
        toast({ tone: 'success', text: t`Approved and carried out.` });
      } else {
        const problem = approvalReasonError(reason);
        setReasonProblem(problem);
        if (problem) return;
        await reject.mutateAsync({ id: dialog.item._id, reason: reason.trim() });
        toast({ tone: 'success', text: t`Rejected; nothing was carried out.` });
      }
    } catch (error) {
      setFailure(approvalErrorMessage(error));
    }
    setDialog(null);
  }

  const failureText =
    failure === null ? null : typeof failure === 'string' ? failure : i18n._(failure);
  return (
    <AdminPage>
      <AdminNav />
      <div>
        <TitleRow>
          <PageHeading>
            <Trans>Approvals</Trans>
          </PageHeading>
          {data && (
            <Muted aria-live="polite">
              <Trans>{data.total} in this list</Trans>
            </Muted>
          )}
        </TitleRow>
        <Muted>
          <Trans>
            A new admin, enabling a disabled admin, a large balance adjustment and turning dual
            approval off or raising it need two admins: one asks, another approves.
          </Trans>
        </Muted>
      </div>
      <Tabs aria-label={t`Status`}>
        {APPROVAL_TABS.map(({ status, label }) => (
          <Tab
            key={status}
            href={approvalsHref({ status, page: 1 })}
            aria-current={view.status === status ? 'page' : undefined}
          >
            {i18n._(label)}
          </Tab>
        ))}
      </Tabs>
      {failureText && <ErrorMessage>{failureText}</ErrorMessage>}

      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} busy={query.isFetching}>
          <Trans>The requests could not be loaded.</Trans>
        </LoadError>
      ) : !data ? (
        <RowListSkeleton rows={3} widthsPx={[200, 260]} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Nothing to show here.</Trans>}>
          {view.status === 'Pending' ? (
            <Trans>No request is waiting for a second admin.</Trans>
          ) : (
            <Trans>No request has this status.</Trans>
          )}
        </EmptyState>
      ) : (
        <RowList $stale={query.isPlaceholderData} aria-label={t`Requests`}>
          {data.items.map((item) => (
            <ApprovalItem
              key={item._id}
              item={item}
              busy={busy}
              onApprove={() => open('approve', item)}
              onReject={() => open('reject', item)}
            />
          ))}
        </RowList>
      )}

      {data && steps && (
        <Pager steps={steps} hrefOf={(page) => approvalsHref({ ...view, page })}>
          <Trans>
            Page {pageNumber} / {pages}
          </Trans>
        </Pager>
      )}

      <ConfirmDialog
        open={dialog?.mode === 'approve'}
        title={<Trans>Approve this request?</Trans>}
        confirmLabel={<Trans>Approve</Trans>}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setDialog(null)}
      >
        {dialog && <ApprovalSubject item={dialog.item} />}
        <Muted>
          <Trans>It is carried out at once, and recorded with your name as the second admin.</Trans>
        </Muted>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog?.mode === 'reject'}
        title={<Trans>Reject this request?</Trans>}
        confirmLabel={<Trans>Reject</Trans>}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setDialog(null)}
      >
        {dialog && <ApprovalSubject item={dialog.item} />}
        <TextAreaField
          label={<Trans>Reason (recorded in the audit log)</Trans>}
          value={reason}
          rows={3}
          maxLength={APPROVAL_REASON_MAX_LENGTH}
          error={reasonProblem ? i18n._(reasonProblem) : undefined}
          reserveMessage={false}
          announceError
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonProblem) setReasonProblem(null);
          }}
        />
      </ConfirmDialog>
    </AdminPage>
  );
}

/** One request: what, who asked and when, its state, and what the reader may do. */
function ApprovalItem({
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
    <Item>
      <Head>
        <strong>
          <KindLabel item={item} />
        </strong>
        <StatusBadge status={item.status} />
      </Head>
      <ApprovalSubject item={item} />
      <Facts>
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
      </Facts>
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
    </Item>
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
function ApprovalSubject({ item }: { item: AdminApproval }) {
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

function StatusBadge({ status }: { status: AdminApproval['status'] }) {
  switch (status) {
    case 'Pending':
      return (
        <Badge $tone="warning">
          <Trans context="approval status">Waiting</Trans>
        </Badge>
      );
    case 'Approved':
      return (
        <Badge $tone="success">
          <Trans context="approval status">Approved</Trans>
        </Badge>
      );
    case 'Rejected':
      return (
        <Badge $tone="danger">
          <Trans context="approval status">Rejected</Trans>
        </Badge>
      );
    case 'Expired':
      return (
        <Badge $tone="neutral">
          <Trans context="approval status">Expired</Trans>
        </Badge>
      );
  }
}

const Tabs = styled.nav`
  display: flex;
  gap: ${theme.space.xs};
  overflow-x: auto;
  scrollbar-width: none;
`;

const Tab = styled(PillTab)`
  flex: none;
  padding: ${theme.space.sm} ${theme.space.lg};
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.md} ${theme.space.lg};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};

  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const Subject = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  overflow-wrap: anywhere;
`;

const Reason = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xxs} ${theme.space.lg};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};

  span {
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
  margin-top: ${theme.space.xs};
`;
