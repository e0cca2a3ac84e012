import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../services/api-error';
import {
  QUEUE_TABS,
  decisionErrorMessage,
  parseQueueSearch,
  queueHref,
  reasonError,
  transactionHashError,
  withdrawApproval,
} from './queue-model';

const text = (value: ReturnType<typeof decisionErrorMessage>) =>
  typeof value === 'string' ? value : value.message;

describe('queue tabs and addresses', () => {
  it('lists Pending first, then Completed, Rejected and All', () => {
    expect(QUEUE_TABS.map((tab) => tab.status)).toEqual([
      'Pending',
      'Completed',
      'Rejected',
      'All',
    ]);
  });

  it('reads the status and page, falling back to Pending and page 1', () => {
    expect(parseQueueSearch('')).toEqual({ status: 'Pending', page: 1 });
    expect(parseQueueSearch('?status=Completed&page=3')).toEqual({ status: 'Completed', page: 3 });
    expect(parseQueueSearch('status=All')).toEqual({ status: 'All', page: 1 });
    expect(parseQueueSearch('?status=pending&page=-2')).toEqual({ status: 'Pending', page: 1 });
    expect(parseQueueSearch('?page=0')).toEqual({ status: 'Pending', page: 1 });
    expect(parseQueueSearch('?page=2.5')).toEqual({ status: 'Pending', page: 1 });
    expect(parseQueueSearch('?page=999999')).toEqual({ status: 'Pending', page: 100_000 });
  });

  it('leaves the defaults out of the address', () => {
    expect(queueHref('/admin/deposits', { status: 'Pending', page: 1 })).toBe('/admin/deposits');
    expect(queueHref('/admin/kyc', { status: 'Rejected', page: 1 })).toBe(
      '/admin/kyc?status=Rejected',
    );
    expect(queueHref('/admin/withdrawals', { status: 'Pending', page: 4 })).toBe(
      '/admin/withdrawals?page=4',
    );
    const view = { status: 'All' as const, page: 2 };
    expect(parseQueueSearch(queueHref('/x', view).split('?')[1] ?? '')).toEqual(view);
  });
});

describe('withdrawal approval', () => {
  const admin = { _id: 'a1', username: 'ops' };
  it('is single below the threshold, first of two at it, second after a first approval', () => {
    expect(withdrawApproval({ needsSecondApproval: false, firstApprovedBy: null })).toBe('single');
    expect(withdrawApproval({ needsSecondApproval: true, firstApprovedBy: null })).toBe('first');
    expect(withdrawApproval({ needsSecondApproval: true, firstApprovedBy: admin })).toBe('second');
    // A first approval stays binding even if the threshold was later removed.
    expect(withdrawApproval({ needsSecondApproval: false, firstApprovedBy: admin })).toBe('second');
  });
});

describe('decision form rules', () => {
  it('needs a transaction hash the server accepts', () => {
    expect(transactionHashError('')).not.toBeNull();
    expect(transactionHashError('   ')).not.toBeNull();
    expect(transactionHashError('abc')).not.toBeNull();
    expect(transactionHashError('0xabc def1234')).not.toBeNull();
    expect(transactionHashError(' 0x9f2c4e1d7a ')).toBeNull();
    expect(transactionHashError('a'.repeat(128))).toBeNull();
    expect(transactionHashError('a'.repeat(129))).not.toBeNull();
  });

  it('needs a reason to reject', () => {
    expect(reasonError('')).not.toBeNull();
    expect(reasonError(' \n ')).not.toBeNull();
    expect(reasonError('Screenshot does not show the transfer')).toBeNull();
    expect(reasonError('x'.repeat(501))).not.toBeNull();
  });
});

describe('decision errors', () => {
  it('explains the two 409s in our words', () => {
    const first = new ApiError({ status: 409, code: 'second_approver_required' });
    expect(text(decisionErrorMessage(first))).toMatch(/Another admin must give the second/);
    const decided = new ApiError({ status: 409, code: 'already_decided' });
    expect(text(decisionErrorMessage(decided))).toMatch(/Someone else has decided/);
  });

  it('explains why a second approver is refused: too new, or related to the first', () => {
    const tooNew = new ApiError({ status: 409, code: 'approver_too_new' });
    expect(text(decisionErrorMessage(tooNew))).toMatch(/created after the first approval/);
    const related = new ApiError({ status: 409, code: 'approver_related' });
    expect(text(decisionErrorMessage(related))).toMatch(/24 hours/);
  });

  it('names a refused field, a lost connection and otherwise the server text', () => {
    const hash = new ApiError({ status: 400, code: 'invalid_body', field: 'transactionHash' });
    expect(text(decisionErrorMessage(hash))).toMatch(/transaction hash/);
    expect(text(decisionErrorMessage(new ApiError({ status: 0 })))).toMatch(/No connection/);
    const other = new ApiError({ status: 400, serverMessage: 'Something specific.' });
    expect(decisionErrorMessage(other)).toBe('Something specific.');
    expect(text(decisionErrorMessage(new Error('x')))).toMatch(/could not be saved/);
    expect(text(decisionErrorMessage(new ApiError({ status: 500 })))).toMatch(/could not be saved/);
  });
});
