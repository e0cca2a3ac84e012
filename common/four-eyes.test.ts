import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS,
  adjustmentDualApprovalFrom,
  adjustmentNeedsSecondAdmin,
  approverRefusal,
  CREATOR_COOLDOWN_MS,
  dualApprovalLoosens,
  type AdminFacts,
} from './four-eyes';

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
const HOUR_MS = 60 * 60 * 1000;
const NOW_MS = Date.UTC(2026, 10, 20, 12);

function admin(id: string, createdHoursAgo: number, createdBy: string | null = null): AdminFacts {
  return { id, createdAtMs: NOW_MS - createdHoursAgo * HOUR_MS, createdBy };
}

describe('adjustments', () => {
  it('take the dual-approval threshold, capped by the ceiling, also when it is off', () => {
    expect(adjustmentDualApprovalFrom(usdt(50))).toBe(usdt(50));
    expect(adjustmentDualApprovalFrom(null)).toBe(ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS);
    expect(adjustmentDualApprovalFrom(usdt(1_000_000))).toBe(
      ADJUSTMENT_DUAL_APPROVAL_CEILING_MICROS,
    );
  });

  it('need a second admin at or above it, either way', () => {
    expect(adjustmentNeedsSecondAdmin(usdt(50), usdt(50))).toBe(true);
    expect(adjustmentNeedsSecondAdmin(usdt(50) - 1n, usdt(50))).toBe(false);
    expect(adjustmentNeedsSecondAdmin(-usdt(50), usdt(50))).toBe(true);
    expect(adjustmentNeedsSecondAdmin(usdt(9_999), null)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(-usdt(10_000), null)).toBe(true);
  });
});

describe('dualApprovalLoosens', () => {
  it('is true for turning it off or raising it, false otherwise', () => {
    expect(dualApprovalLoosens(usdt(50), null)).toBe(true);
    expect(dualApprovalLoosens(usdt(50), usdt(51))).toBe(true);
    expect(dualApprovalLoosens(usdt(50), usdt(50))).toBe(false);
    expect(dualApprovalLoosens(usdt(50), usdt(10))).toBe(false);
    expect(dualApprovalLoosens(null, usdt(10))).toBe(false);
    expect(dualApprovalLoosens(null, null)).toBe(false);
  });
});

describe('approverRefusal', () => {
  const requestedAtMs = NOW_MS - HOUR_MS;

  it('refuses the requester themselves', () => {
    const a = admin('a', 100);
    expect(approverRefusal(a, a, requestedAtMs, NOW_MS)).toBe('own_request');
  });

  it('refuses an account created at or after the request', () => {
    const a = admin('a', 100);
    expect(approverRefusal(admin('n', 0.5), a, requestedAtMs, NOW_MS)).toBe(
      'created_after_request',
    );
    expect(approverRefusal(admin('n', 1), a, requestedAtMs, NOW_MS)).toBe('created_after_request');
  });

  it('refuses, for 24 hours, an admin the requester created and the creator of the requester', () => {
    const a = admin('a', 100);
    const createdByA = admin('n', 2, 'a');
    expect(approverRefusal(createdByA, a, requestedAtMs, NOW_MS)).toBe('related_admin');
    expect(approverRefusal(a, createdByA, requestedAtMs, NOW_MS)).toBe('related_admin');
    const old = { ...createdByA, createdAtMs: NOW_MS - CREATOR_COOLDOWN_MS };
    expect(approverRefusal(old, a, requestedAtMs, NOW_MS)).toBeNull();
    expect(approverRefusal(a, old, requestedAtMs, NOW_MS)).toBeNull();
  });

  it('lets an older, unrelated admin approve', () => {
    const a = admin('a', 100);
    const b = admin('b', 50, 'c');
    const createdByA = admin('n', 2, 'a');
    expect(approverRefusal(b, a, requestedAtMs, NOW_MS)).toBeNull();
    expect(approverRefusal(b, createdByA, requestedAtMs, NOW_MS)).toBeNull();
  });
});
