import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../services/api-error';
import {
  APPROVAL_TABS,
  approvalActions,
  approvalErrorMessage,
  approvalReasonError,
  approvalsHref,
  parseApprovalsSearch,
} from './approvals-model';

const text = (value: ReturnType<typeof approvalErrorMessage>) =>
  typeof value === 'string' ? value : value.message;

describe('approval tabs and addresses', () => {
  it('lists Pending first, then the decided ones and All', () => {
    expect(APPROVAL_TABS.map((tab) => tab.status)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'Expired',
      'All',
    ]);
  });

  it('reads the status and page, falling back to Pending and page 1', () => {
    expect(parseApprovalsSearch('')).toEqual({ status: 'Pending', page: 1 });
    expect(parseApprovalsSearch('?status=Expired&page=2')).toEqual({ status: 'Expired', page: 2 });
    expect(parseApprovalsSearch('?status=Completed&page=0')).toEqual({
      status: 'Pending',
      page: 1,
    });
  });

  it('leaves the defaults out of the address, and reads back what it writes', () => {
    expect(approvalsHref({ status: 'Pending', page: 1 })).toBe('/admin/approvals');
    const view = { status: 'Rejected' as const, page: 3 };
    expect(approvalsHref(view)).toBe('/admin/approvals?status=Rejected&page=3');
    expect(parseApprovalsSearch(approvalsHref(view).split('?')[1] ?? '')).toEqual(view);
  });
});

describe('what the reader may do', () => {
  it('decides a pending request it may approve', () => {
    expect(
      approvalActions({ status: 'Pending', notApprovable: null, eligibleApprovers: 2 }),
    ).toEqual({ kind: 'decide' });
  });

  it('only rejects one it asked for, saying why, and whether anyone can approve it', () => {
    const own = approvalActions({
      status: 'Pending',
      notApprovable: 'own_request',
      eligibleApprovers: 0,
    });
    expect(own).toMatchObject({ kind: 'rejectOnly', noApprover: true });
    expect(own.kind === 'rejectOnly' && own.why.message).toMatch(/You asked for this/);
    const related = approvalActions({
      status: 'Pending',
      notApprovable: 'related_admin',
      eligibleApprovers: 1,
    });
    expect(related).toMatchObject({ kind: 'rejectOnly', noApprover: false });
    expect(related.kind === 'rejectOnly' && related.why.message).toMatch(/24 hours/);
  });

  it('does nothing with a decided or expired one', () => {
    for (const status of ['Approved', 'Rejected', 'Expired'] as const) {
      expect(approvalActions({ status, notApprovable: null, eligibleApprovers: 0 })).toEqual({
        kind: 'none',
      });
    }
  });
});

describe('reasons and refusals', () => {
  it('needs a reason of 3 to 500 characters', () => {
    expect(approvalReasonError('  ab ')).not.toBeNull();
    expect(approvalReasonError('Not needed')).toBeNull();
    expect(approvalReasonError('x'.repeat(501))).not.toBeNull();
  });

  it('translates the four-eyes refusals and the changed-state cases', () => {
    const refused = (code: string, status = 409) =>
      text(approvalErrorMessage(new ApiError({ status, code, serverMessage: 'server text' })));
    expect(refused('second_approver_required')).toMatch(/You asked for this/);
    expect(refused('approver_too_new')).toMatch(/created after/);
    expect(refused('approver_related')).toMatch(/24 hours/);
    expect(refused('approval_expired')).toMatch(/expired/);
    expect(refused('already_decided')).toMatch(/Someone else/);
    expect(refused('state_changed')).toMatch(/Reject it and ask again/);
    expect(refused('insufficient_funds', 422)).toMatch(/no longer pay/);
    expect(refused('not_found', 404)).toMatch(/no longer exists/);
    expect(refused('forbidden', 403)).toMatch(/session has ended/);
    expect(text(approvalErrorMessage(new ApiError({ status: 0 })))).toMatch(/No connection/);
    expect(text(approvalErrorMessage(new Error('x')))).toMatch(/could not be saved/);
  });
});
