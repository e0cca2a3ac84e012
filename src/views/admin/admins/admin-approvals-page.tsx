import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { APPROVAL_REASON_MAX_LENGTH, type AdminApproval } from '../../../../common/contract';
import {
  useAdminApprovals,
  useApproveAdminRequest,
  useRejectAdminRequest,
} from '../../../services/admin-queries';
import { ConfirmDialog } from '../../../ui/dialog';
import { HistoryIcon } from '../../../ui/page-icons';
import { EmptyState, ErrorMessage, Muted } from '../../../ui/page';
import { TextAreaField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, RowList, RowListSkeleton } from '../console/admin-ui';
import { ListPager, ListTitle, StatusTabs } from '../console/list-parts';
import { useReason } from '../console/use-reason';
import { ApprovalItem, ApprovalSubject } from './approval-item';
import {
  APPROVAL_TABS,
  approvalErrorMessage,
  approvalReasonError,
  approvalsHref,
  parseApprovalsSearch,
  type ApprovalsView,
} from './approvals-model';

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
  const reason = useReason(approvalReasonError);
  const [failure, setFailure] = useState<MessageDescriptor | string | null>(null);
  const data = query.data;
  const busy = approve.isPending || reject.isPending;

  function open(mode: 'approve' | 'reject', item: AdminApproval) {
    setFailure(null);
    reason.clear();
    setDialog({ mode, item });
  }

  async function confirm() {
    if (!dialog) return;
    try {
      if (dialog.mode === 'approve') {
        await approve.mutateAsync(dialog.item._id);
        toast({ tone: 'success', text: t`Approved and carried out.` });
      } else {
        const text = reason.take();
        if (text === null) return;
        await reject.mutateAsync({ id: dialog.item._id, reason: text });
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
        <ListTitle heading={<Trans>Approvals</Trans>} data={data} />
        <Muted>
          <Trans>
            A new admin, enabling a disabled admin, a large balance adjustment and turning dual
            approval off or raising it need two admins: one asks, another approves.
          </Trans>
        </Muted>
      </div>
      <StatusTabs
        tabs={APPROVAL_TABS}
        current={view.status}
        hrefOf={(status) => approvalsHref({ status, page: 1 })}
      />
      {failureText && <ErrorMessage>{failureText}</ErrorMessage>}
      <ApprovalList query={query} status={view.status} busy={busy} onOpen={open} />
      {data && (
        <ListPager
          page={view.page}
          pages={data.pageCount}
          hrefOf={(page) => approvalsHref({ ...view, page })}
        />
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
          maxLength={APPROVAL_REASON_MAX_LENGTH}
          {...reason.field}
        />
      </ConfirmDialog>
    </AdminPage>
  );
}

/** The requests of one page, or while they load, fail or are none, what stands for them. */
function ApprovalList({
  query,
  status,
  busy,
  onOpen,
}: {
  query: ReturnType<typeof useAdminApprovals>;
  status: ApprovalsView['status'];
  busy: boolean;
  onOpen: (mode: 'approve' | 'reject', item: AdminApproval) => void;
}) {
  const { t } = useLingui();
  const data = query.data;
  if (query.isError && !data) {
    return (
      <LoadError onRetry={() => void query.refetch()} busy={query.isFetching}>
        <Trans>The requests could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!data) return <RowListSkeleton rows={3} widthsPx={[200, 260]} />;
  if (data.items.length === 0) {
    return (
      <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Nothing to show here.</Trans>}>
        {status === 'Pending' ? (
          <Trans>No request is waiting for a second admin.</Trans>
        ) : (
          <Trans>No request has this status.</Trans>
        )}
      </EmptyState>
    );
  }
  return (
    <RowList $stale={query.isPlaceholderData} aria-label={t`Requests`}>
      {data.items.map((item) => (
        <ApprovalItem
          key={item._id}
          item={item}
          busy={busy}
          onApprove={() => onOpen('approve', item)}
          onReject={() => onOpen('reject', item)}
        />
      ))}
    </RowList>
  );
}
