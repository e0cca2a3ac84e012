import { describe, expect, it } from 'vitest';
import { NO_APPROVER_TEXT, pendingText } from './pending-approval';

describe('a change waiting for a second admin', () => {
  it('after asking, says how to get a second admin when there is none', () => {
    expect(pendingText({ eligibleApprovers: 0 })).toBe(NO_APPROVER_TEXT);
    expect(NO_APPROVER_TEXT.message).toMatch(/ADMIN_EMAIL/);
    expect(pendingText({ eligibleApprovers: 1 }).message).toMatch(/another admin approves/);
  });
});
