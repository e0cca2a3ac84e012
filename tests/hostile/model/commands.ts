/**
 * The commands of the model-based test. Each one predicts the server's answer from the
 * model, sends the request, checks the answer, moves the model, then runs every invariant
 * (checkStep). Indices into the model's lists are generated as plain numbers and taken
 * modulo the list, so a command stays meaningful while fast-check shrinks a sequence.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { adjustmentNeedsSecondAdmin } from '../../../common/four-eyes';
import { settleDueTrades } from '../../../server/jobs/settle-trades';
import { checkStep } from './invariants';
import { micros, profitOf, wire, type SelectedTime } from './money';
import { newRequest, sendMoneyRequest } from './requests';
import {
  pick,
  USER_NAMES,
  userOf,
  walletOf,
  type AdminIx,
  type Direction,
  type Figures,
  type Model,
  type Real,
  type RequestSpec,
  type SentRequest,
  type TradeAccount,
  type TradeResult,
  type UserIx,
  notePracticeUse,
  PRACTICE_START_MICROS,
  tradeWalletOf,
} from './state';
import { json, listCoin, recordTick, send, uploadScreenshot, type Reply } from './world';

type ModelCommand = fc.AsyncCommand<Model, Real>;

const newKey = () => randomBytes(16).toString('hex');
const name = (user: UserIx) => USER_NAMES[user];

function expectStatus(reply: Reply, status: number, what: string, code?: string): void {
  expect(reply.status, `${what}: ${reply.body}`).toBe(status);
  if (code !== undefined) expect(json<{ code?: string }>(reply).code, what).toBe(code);
}

/**
 * An amount as a share (in permille) of what the user has available when the command runs,
 * so most requests are affordable and some (over 1000 ‰) are not; or a fixed figure.
 */
type AmountChoice = { share: number } | { fixed: bigint };

function resolveAmount(choice: AmountChoice, availableMicros: bigint): bigint {
  return 'fixed' in choice ? choice.fixed : (availableMicros * BigInt(choice.share)) / 1000n;
}

const describeAmount = (choice: AmountChoice) =>
  'fixed' in choice ? wire(choice.fixed) : `${choice.share} ‰ of available`;

// Admin adjustments ------------------------------------------------------------------------

/**
 * An admin's adjustment (a reasoned ledger entry between the wallet and deposit clearing),
 * sent twice with one key: the second must replay the first and move nothing. A debit below
 * what the user has available is refused. From the dual-approval size on, the first answer
 * is a pending request: the admin who asked cannot approve it, the other admin does, and
 * only then does the money move (once; the key's replay still answers the request).
 */
export async function adjust(
  model: Model,
  real: Real,
  user: UserIx,
  amountMicros: bigint,
  admin: AdminIx,
): Promise<string> {
  const wallet = walletOf(model, user);
  const key = newKey();
  const request = {
    method: 'POST' as const,
    url: `/api/admin/users/${userOf(real, user).userId}/adjustments`,
    headers: { ...real.world.admins[admin].auth, 'idempotency-key': key },
    payload: { amount: wire(amountMicros), reason: 'Model-based test adjustment' },
  };
  const what = `adjust(${name(user)}, ${wire(amountMicros)})`;
  const first = await send(real.world, request);
  if (amountMicros === 0n) {
    expectStatus(first, 400, what);
    return what;
  }
  if (amountMicros < -wallet.availableMicros) {
    expectStatus(first, 422, what, 'insufficient_funds');
    return what;
  }
  const total = wallet.availableMicros + wallet.heldMicros;
  if (adjustmentNeedsSecondAdmin(amountMicros, real.world.rules.dualApprovalMicros)) {
    await approveAdjustment(real, first, admin, `${what} (four eyes)`);
  } else {
    expectStatus(first, 201, what);
    expect(json<{ adjustment: unknown }>(first).adjustment, what).toMatchObject({
      amount: wire(amountMicros),
      balanceBefore: wire(total),
      balanceAfter: wire(total + amountMicros),
    });
  }
  wallet.availableMicros += amountMicros;
  model.platform.depositClearing -= amountMicros;
  model.entries += 1;
  const again = await send(real.world, request);
  expect(again.status, `${what} replayed`).toBe(first.status);
  expect(again.body, `${what} replayed`).toBe(first.body);
  expect(again.replayed, `${what} replayed`).toBe(true);
  return what;
}

/** A pending adjustment: refused to the admin who asked, approved by the other. */
async function approveAdjustment(real: Real, first: Reply, admin: AdminIx, what: string) {
  expectStatus(first, 202, what);
  const { approval } = json<{ approval: { _id: string; kind: string; status: string } }>(first);
  expect(approval, what).toMatchObject({ kind: 'ledger.adjust', status: 'Pending' });
  const url = `/api/admin/approvals/${approval._id}/approve`;
  const own = await send(real.world, {
    method: 'POST',
    url,
    headers: real.world.admins[admin].auth,
    payload: {},
  });
  expectStatus(own, 409, `${what}: approved by the admin who asked`, 'second_approver_required');
  const other: AdminIx = admin === 0 ? 1 : 0;
  const approved = await send(real.world, {
    method: 'POST',
    url,
    headers: real.world.admins[other].auth,
    payload: {},
  });
  expectStatus(approved, 200, `${what}: approved by the other admin`);
}

class Adjust implements ModelCommand {
  constructor(
    readonly user: UserIx,
    readonly amount: AmountChoice,
    readonly debit: boolean,
    readonly admin: AdminIx,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const magnitude = resolveAmount(this.amount, walletOf(model, this.user).availableMicros);
    const amountMicros = this.debit ? -magnitude : magnitude;
    const what = await adjust(model, real, this.user, amountMicros, this.admin);
    await checkStep(model, real, what);
  }
  toString = () =>
    `adjust(${name(this.user)}, ${this.debit ? '−' : '+'}${describeAmount(this.amount)}, admin ${this.admin})`;
}

// Deposits ---------------------------------------------------------------------------------

/** Where a deposit's screenshot comes from; all but `own` must be refused. */
type ScreenshotSource = 'own' | 'others' | 'used' | 'missing';

class CreateDeposit implements ModelCommand {
  constructor(
    readonly user: UserIx,
    readonly amountMicros: bigint,
    readonly source: ScreenshotSource,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const screenshot = await this.screenshot(model, real);
    const spec: RequestSpec = { kind: 'deposit', amountMicros: this.amountMicros, screenshot };
    await sendMoneyRequest(model, real, newRequest(real, this.user, newKey(), spec));
    await checkStep(model, real, this.toString());
  }
  private async screenshot(model: Model, real: Real): Promise<string> {
    switch (this.source) {
      case 'own':
      case 'others': {
        const owner = this.source === 'own' ? this.user : (((this.user + 1) % 3) as UserIx);
        const url = await uploadScreenshot(real.world, userOf(real, owner), real.address);
        model.uploads.push({ url, owner, claimed: false });
        return url;
      }
      case 'used':
        return model.uploads.find((u) => u.claimed)?.url ?? `/files/${randomUUID()}`;
      case 'missing':
        return `/files/${randomUUID()}`;
    }
  }
  toString = () => `deposit(${name(this.user)}, ${wire(this.amountMicros)}, ${this.source})`;
}

type DepositAction = 'approve' | 'reject' | 'rejectWithoutReason' | 'byUser';

class DecideDeposit implements ModelCommand {
  constructor(
    readonly index: number,
    readonly action: DepositAction,
    readonly admin: AdminIx,
  ) {}
  check = (model: Readonly<Model>) => model.deposits.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const deposit = pick(model.deposits, this.index);
    if (!deposit) throw new Error('check() guarantees a deposit');
    const what = `${this} on ${deposit.status} deposit of ${name(deposit.user)}`;
    const status = this.action === 'approve' ? 'Completed' : 'Rejected';
    const reply = await send(real.world, {
      method: 'PUT',
      url: `/api/updateDeposit/${deposit.id}`,
      headers:
        this.action === 'byUser'
          ? userOf(real, deposit.user).auth
          : real.world.admins[this.admin].auth,
      payload: {
        id: deposit.id,
        status,
        ...(this.action === 'reject' ? { reason: 'The transaction was not found on chain.' } : {}),
      },
    });
    if (this.action === 'byUser') {
      expectStatus(reply, 403, what);
    } else if (deposit.status !== 'Pending') {
      expectStatus(reply, 409, what, 'already_decided');
    } else if (this.action === 'rejectWithoutReason') {
      expectStatus(reply, 400, what);
    } else {
      expectStatus(reply, 200, what);
      deposit.status = status;
      if (status === 'Completed') {
        walletOf(model, deposit.user).availableMicros += deposit.amountMicros;
        model.platform.depositClearing -= deposit.amountMicros;
        model.entries += 1;
      }
    }
    await checkStep(model, real, what);
  }
  toString = () => `decideDeposit(#${this.index}, ${this.action}, admin ${this.admin})`;
}

// Withdrawals ------------------------------------------------------------------------------

class CreateWithdraw implements ModelCommand {
  constructor(
    readonly user: UserIx,
    readonly amount: AmountChoice,
    readonly figures: Figures,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const amountMicros = resolveAmount(this.amount, walletOf(model, this.user).availableMicros);
    const spec: RequestSpec = { kind: 'withdraw', amountMicros, figures: this.figures };
    await sendMoneyRequest(model, real, newRequest(real, this.user, newKey(), spec));
    await checkStep(model, real, `${this} = ${wire(amountMicros)}`);
  }
  toString = () => `withdraw(${name(this.user)}, ${describeAmount(this.amount)}, ${this.figures})`;
}

/**
 * `approve` sends what the admin console sends: no hash for a first approval, the hash to
 * complete. `approveWrongBody` sends the other one, which must be refused.
 */
type WithdrawAction = 'approve' | 'approveWrongBody' | 'reject' | 'rejectWithoutReason';

class DecideWithdrawal implements ModelCommand {
  constructor(
    readonly index: number,
    readonly action: WithdrawAction,
    readonly admin: AdminIx,
  ) {}
  check = (model: Readonly<Model>) => model.withdrawals.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const w = pick(model.withdrawals, this.index);
    if (!w) throw new Error('check() guarantees a withdrawal');
    const what = `${this} on ${w.status} withdrawal of ${name(w.user)} (${wire(w.amountMicros)}, first approver ${w.firstApprover})`;
    const needsTwo =
      w.firstApprover !== null || w.amountMicros >= real.world.rules.dualApprovalMicros;
    const isFirstApproval = needsTwo && w.firstApprover === null;
    const approving = this.action === 'approve' || this.action === 'approveWrongBody';
    const sendsHash = approving && isFirstApproval === (this.action === 'approveWrongBody');
    const reply = await send(real.world, {
      method: 'PUT',
      url: `/api/updateWithdraw/${w.id}`,
      headers: real.world.admins[this.admin].auth,
      payload: {
        id: w.id,
        status: approving ? 'Completed' : 'Rejected',
        ...(sendsHash ? { transactionHash: `0x${randomBytes(16).toString('hex')}` } : {}),
        ...(this.action === 'reject' ? { reason: 'The address failed screening.' } : {}),
      },
    });
    const wallet = walletOf(model, w.user);
    if (w.status !== 'Pending') {
      expectStatus(reply, 409, what, 'already_decided');
    } else if (this.action === 'rejectWithoutReason') {
      expectStatus(reply, 400, what);
    } else if (this.action === 'reject') {
      expectStatus(reply, 200, what);
      w.status = 'Rejected';
      wallet.heldMicros -= w.amountMicros;
      wallet.availableMicros += w.amountMicros;
    } else if (needsTwo && w.firstApprover === this.admin) {
      // The first approver can never give the second approval, whatever the body says.
      expectStatus(reply, 409, what, 'second_approver_required');
    } else if (this.action === 'approveWrongBody' && !isFirstApproval && needsTwo) {
      // A first approval's body (no hash) after another admin's first approval: a stale view.
      expectStatus(reply, 409, what, 'already_decided');
    } else if (this.action === 'approveWrongBody') {
      expectStatus(reply, 400, what);
    } else if (isFirstApproval) {
      expectStatus(reply, 200, what);
      expect(json<{ awaitingSecondApproval: boolean }>(reply).awaitingSecondApproval).toBe(true);
      w.firstApprover = this.admin;
    } else {
      expectStatus(reply, 200, what);
      expect(json<{ withdraw: { status: string } }>(reply).withdraw.status).toBe('Completed');
      w.status = 'Completed';
      wallet.heldMicros -= w.amountMicros;
      model.platform.withdrawalClearing += w.netMicros;
      model.platform.feeRevenue += w.feeMicros;
      model.entries += 1;
    }
    await checkStep(model, real, what);
  }
  toString = () => `decideWithdrawal(#${this.index}, ${this.action}, admin ${this.admin})`;
}

// Transfers --------------------------------------------------------------------------------

class CreateTransfer implements ModelCommand {
  constructor(
    readonly from: UserIx,
    readonly to: UserIx,
    readonly amount: AmountChoice,
    readonly figures: Figures,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const amountMicros = resolveAmount(this.amount, walletOf(model, this.from).availableMicros);
    const spec: RequestSpec = {
      kind: 'transfer',
      to: this.to,
      amountMicros,
      figures: this.figures,
    };
    await sendMoneyRequest(model, real, newRequest(real, this.from, newKey(), spec));
    await checkStep(model, real, `${this} = ${wire(amountMicros)}`);
  }
  toString = () =>
    `transfer(${name(this.from)} → ${name(this.to)}, ${describeAmount(this.amount)}, ${this.figures})`;
}

// Trades -----------------------------------------------------------------------------------

class CreateTrade implements ModelCommand {
  constructor(
    readonly account: TradeAccount,
    readonly user: UserIx,
    readonly direction: Direction,
    readonly stake: AmountChoice,
    readonly selectedTime: SelectedTime,
    readonly payout: Figures,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    // A coin of its own: this trade's entry and exit ticks are the only ticks it has.
    real.coins += 1;
    const symbol = `M${real.sequence.toString(36).toUpperCase()}X${real.coins}`;
    await listCoin(real.world, symbol);
    const stakeMicros = resolveAmount(
      this.stake,
      tradeWalletOf(model, this.user, this.account).availableMicros,
    );
    const spec: RequestSpec = {
      kind: 'trade',
      account: this.account,
      symbol,
      direction: this.direction,
      stakeMicros,
      selectedTime: this.selectedTime,
      payout: this.payout,
    };
    await sendMoneyRequest(model, real, newRequest(real, this.user, newKey(), spec));
    await checkStep(model, real, `${this} = ${wire(stakeMicros)}`);
  }
  toString = () =>
    `trade(${this.account}, ${name(this.user)}, ${this.direction}, ${describeAmount(this.stake)}, ${this.selectedTime}, payout ${this.payout})`;
}

/**
 * The exit price that gives `result` to a trade in `direction` opened at ENTRY_PRICE (100):
 * the draw is written with trailing zeros, since prices compare as decimals, not as text.
 */
function exitPriceFor(direction: Direction, result: Exclude<TradeResult, 'void'>): string {
  if (result === 'draw') return '100.000';
  const up = (direction === 'buy') === (result === 'win');
  return up ? '100.5' : '99.5';
}

class SettleTrade implements ModelCommand {
  constructor(
    readonly index: number,
    readonly result: TradeResult,
  ) {}
  check = (model: Readonly<Model>) => model.trades.some((t) => t.status === 'Pending');
  async run(model: Model, real: Real): Promise<void> {
    const trade = pick(
      model.trades.filter((t) => t.status === 'Pending'),
      this.index,
    );
    if (!trade) throw new Error('check() guarantees a pending trade');
    const what = `${this} on the ${trade.direction} trade of ${name(trade.user)} (${wire(trade.stakeMicros)})`;
    const exitSecondMs = Math.ceil(trade.expiresAtMs / 1000) * 1000;
    if (this.result !== 'void') {
      await recordTick(
        real.world,
        trade.symbol,
        exitSecondMs,
        exitPriceFor(trade.direction, this.result),
      );
    }
    // The sweeper's clock, moved past expiry: a tick in the first second settles at once; no
    // tick voids the trade once the 5 s window and the 2 s grace are over.
    const nowMs = trade.expiresAtMs + (this.result === 'void' ? 7_001 : 1_500);
    const app = real.world.test.app;
    const summary = await settleDueTrades(app.db, app.platformAccounts, nowMs, {
      tradeIds: [trade.id],
    });
    expect(summary.failed, what).toEqual([]);
    expect(summary.settled, what).toBe(1);
    // Settling again changes nothing.
    const again = await settleDueTrades(app.db, app.platformAccounts, nowMs + 60_000, {
      tradeIds: [trade.id],
    });
    expect(again.settled, `${what}, settled again`).toBe(0);

    const wallet = tradeWalletOf(model, trade.user, trade.account);
    const profit = profitOf(trade.stakeMicros, trade.payoutMicroPercent);
    const returned =
      this.result === 'win'
        ? trade.stakeMicros + profit
        : this.result === 'loss'
          ? 0n
          : trade.stakeMicros;
    wallet.heldMicros -= trade.stakeMicros;
    wallet.availableMicros += returned;
    if (trade.account === 'practice') model.platform.practiceHouse += trade.stakeMicros - returned;
    else model.platform.tradingHouse += trade.stakeMicros - returned;
    if (returned !== trade.stakeMicros) model.entries += 1;
    trade.status = 'Completed';
    trade.result = this.result;

    const reply = await send(real.world, {
      method: 'GET',
      url: `/api/getTradeDetails/${trade.id}`,
      headers: userOf(real, trade.user).auth,
    });
    expectStatus(reply, 200, what);
    expect(json<{ trade: unknown }>(reply).trade, what).toMatchObject({
      tradeStatus: 'Completed',
      tradeResult: this.result,
      tradeAfterAmount: wire(returned),
    });
    await checkStep(model, real, what);
  }
  toString = () => `settle(#${this.index}, ${this.result})`;
}

// Practice refills -------------------------------------------------------------------------

/**
 * POST /api/refillPracticeBalance: tops the practice balance (held stakes included) up to
 * 10,000 from the practice faucet, once per UTC day; 409 when already at or above it
 * (the day's refill kept), 429 when the day's refill was made. Sent twice at once: the
 * second must never credit again.
 */
class RefillPractice implements ModelCommand {
  constructor(readonly user: UserIx) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const practice = tradeWalletOf(model, this.user, 'practice');
    const day = new Date().toISOString().slice(0, 10);
    const total = practice.availableMicros + practice.heldMicros;
    const request = () =>
      send(real.world, {
        method: 'POST',
        url: '/api/refillPracticeBalance',
        headers: userOf(real, this.user).auth,
      });
    const replies = await Promise.all([request(), request()]);
    notePracticeUse(model, this.user);
    const statuses = replies.map((reply) => reply.status).sort();
    const what = `${this} with ${wire(total)}`;
    if (model.refilledOn[this.user] === day) {
      expect(statuses, what).toEqual([429, 429]);
    } else if (total >= PRACTICE_START_MICROS) {
      expect(statuses, what).toEqual([409, 409]);
    } else {
      expect(statuses, `${what}: ${replies.map((r) => r.body).join(' ')}`).toEqual([200, 429]);
      const amountMicros = PRACTICE_START_MICROS - total;
      practice.availableMicros += amountMicros;
      model.platform.practiceFaucet -= amountMicros;
      model.refilledOn[this.user] = day;
      model.entries += 1;
    }
    await checkStep(model, real, what);
  }
  toString = () => `refillPractice(${name(this.user)})`;
}

// Retries ----------------------------------------------------------------------------------

/**
 * `same`: the client's retry, the same key and body. `otherUser`: another user sends the
 * same key and body, which for them is a new request (keys are per user). `changedBody`: the
 * same key with another amount, which must be refused once the key is stored.
 */
type RetryMode = 'same' | 'otherUser' | 'changedBody';

function changedSpec(spec: RequestSpec): RequestSpec {
  switch (spec.kind) {
    case 'deposit':
    case 'withdraw':
    case 'transfer':
      return { ...spec, amountMicros: spec.amountMicros + micros('1') };
    case 'trade':
      return { ...spec, stakeMicros: spec.stakeMicros + micros('1') };
  }
}

class Retry implements ModelCommand {
  constructor(
    readonly index: number,
    readonly mode: RetryMode,
    readonly userShift: 1 | 2,
  ) {}
  check = (model: Readonly<Model>) => model.requests.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const original = pick(model.requests, this.index);
    if (!original) throw new Error('check() guarantees a request');
    let retry: SentRequest = original;
    // Another user's trade on the same coin would take this coin's ticks, which may hold the
    // first trade's exit; a trade retried by another user is therefore retried by its own.
    if (this.mode === 'otherUser' && original.spec.kind !== 'trade') {
      retry = { ...original, user: ((original.user + this.userShift) % 3) as UserIx };
    } else if (this.mode === 'changedBody') {
      retry = newRequest(real, original.user, original.key, changedSpec(original.spec));
    }
    await sendMoneyRequest(model, real, retry);
    await checkStep(
      model,
      real,
      `${this} of ${original.route} by ${name(original.user)} as ${name(retry.user)}`,
    );
  }
  toString = () => `retry(#${this.index}, ${this.mode})`;
}

// Looking at other users' records ----------------------------------------------------------

type RecordKind = 'deposit' | 'withdrawal' | 'trade' | 'transfer';

const DETAIL_URL: Record<RecordKind, string> = {
  deposit: '/api/getDepositDetails/',
  withdrawal: '/api/getWithdrawDetails/',
  trade: '/api/getTradeDetails/',
  transfer: '/api/getTransferDetails/',
};

/** A user asks for a record by id: their own answers 200, anyone else's 404. */
class ViewRecord implements ModelCommand {
  constructor(
    readonly viewer: UserIx,
    readonly kind: RecordKind,
    readonly index: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const target = this.target(model);
    if (!target) return;
    const reply = await send(real.world, {
      method: 'GET',
      url: `${DETAIL_URL[this.kind]}${target.id}`,
      headers: userOf(real, this.viewer).auth,
    });
    expectStatus(reply, target.visible ? 200 : 404, `${this}`);
    await checkStep(model, real, this.toString());
  }
  private target(model: Model): { id: string; visible: boolean } | undefined {
    switch (this.kind) {
      case 'deposit': {
        const d = pick(model.deposits, this.index);
        return d && { id: d.id, visible: d.user === this.viewer };
      }
      case 'withdrawal': {
        const w = pick(model.withdrawals, this.index);
        return w && { id: w.id, visible: w.user === this.viewer };
      }
      case 'trade': {
        // Only settled trades: reading a pending trade would settle it if it were due.
        const t = pick(
          model.trades.filter((x) => x.status === 'Completed'),
          this.index,
        );
        return t && { id: t.id, visible: t.user === this.viewer };
      }
      case 'transfer': {
        const t = pick(model.transfers, this.index);
        return t && { id: t.id, visible: t.from === this.viewer || t.to === this.viewer };
      }
    }
  }
  toString = () => `view(${name(this.viewer)}, ${this.kind} #${this.index})`;
}

// Generators -------------------------------------------------------------------------------

const user = fc.constantFrom<UserIx>(0, 1, 2);
const admin = fc.constantFrom<AdminIx>(0, 1);
const index = fc.nat({ max: 1000 });
const figures = fc.constantFrom<Figures>('none', 'none', 'right', 'right', 'wrong');

/** Micro-USDT between two USDT figures: whole amounts and odd micros both. */
function amount(minUsdt: string, maxUsdt: string): fc.Arbitrary<bigint> {
  const min = micros(minUsdt);
  const max = micros(maxUsdt);
  return fc.oneof(
    fc.bigInt({ min, max }),
    fc.bigInt({ min: min / 1_000_000n, max: max / 1_000_000n }).map((n) => n * 1_000_000n),
  );
}

/** Mostly valid amounts, sometimes below the minimum or above the maximum. */
function amountAround(below: string, min: string, max: string, above: string) {
  return fc.oneof(
    { weight: 6, arbitrary: amount(min, max) },
    { weight: 1, arbitrary: amount(below, min).filter((m) => m < micros(min)) },
    { weight: 1, arbitrary: amount(max, above).filter((m) => m > micros(max)) },
  );
}

/** Mostly a share of the balance (a tenth of them over 100 %), sometimes a fixed figure. */
function amountChoice(fixed: fc.Arbitrary<bigint>): fc.Arbitrary<AmountChoice> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 1100 }).map((share) => ({ share })) },
    { weight: 1, arbitrary: fixed.map((f) => ({ fixed: f })) },
  );
}

const adjustment = fc
  .tuple(user, amountChoice(amount('0.000001', '1500')), fc.boolean(), admin)
  .map(([u, a, debit, ad]) => new Adjust(u, a, debit, ad));

const createDeposit = fc
  .tuple(
    user,
    amountAround('0.000001', '20', '3000', '5000'),
    fc.constantFrom<ScreenshotSource>('own', 'own', 'own', 'own', 'others', 'used', 'missing'),
  )
  .map(([u, a, s]) => new CreateDeposit(u, a, s));

const decideDeposit = fc
  .tuple(
    index,
    fc.constantFrom<DepositAction>(
      'approve',
      'approve',
      'approve',
      'reject',
      'rejectWithoutReason',
      'byUser',
    ),
    admin,
  )
  .map(([i, a, ad]) => new DecideDeposit(i, a, ad));

const createWithdraw = fc
  .tuple(user, amountChoice(amountAround('0.5', '10', '2500', '4000')), figures)
  .map(([u, a, f]) => new CreateWithdraw(u, a, f));

const decideWithdrawal = fc
  .tuple(
    index,
    fc.constantFrom<WithdrawAction>(
      'approve',
      'approve',
      'approve',
      'approveWrongBody',
      'reject',
      'rejectWithoutReason',
    ),
    admin,
  )
  .map(([i, a, ad]) => new DecideWithdrawal(i, a, ad));

const createTransfer = fc
  .tuple(user, user, amountChoice(amountAround('0.000001', '1', '1500', '4000')), figures)
  .map(([f, t, a, fig]) => new CreateTransfer(f, t, a, fig));

const createTrade = fc
  .tuple(
    fc.constantFrom<TradeAccount>('real', 'real', 'practice'),
    user,
    fc.constantFrom<Direction>('buy', 'sell'),
    amountChoice(amountAround('1', '10', '800', '3000')),
    fc.constantFrom<SelectedTime>('trade30Second', 'trade60Second', 'trade3Min', 'trade5Min'),
    fc.constantFrom<Figures>('none', 'right', 'right', 'wrong'),
  )
  .map(([a, u, d, s, t, p]) => new CreateTrade(a, u, d, s, t, p));

const refillPractice = user.map((u) => new RefillPractice(u));

const settleTrade = fc
  .tuple(index, fc.constantFrom<TradeResult>('win', 'win', 'loss', 'loss', 'draw', 'void'))
  .map(([i, r]) => new SettleTrade(i, r));

const retry = fc
  .tuple(
    index,
    fc.constantFrom<RetryMode>('same', 'same', 'same', 'otherUser', 'changedBody'),
    fc.constantFrom<1 | 2>(1, 2),
  )
  .map(([i, m, s]) => new Retry(i, m, s));

const viewRecord = fc
  .tuple(user, fc.constantFrom<RecordKind>('deposit', 'withdrawal', 'trade', 'transfer'), index)
  .map(([v, k, i]) => new ViewRecord(v, k, i));

/**
 * The command mix. fast-check picks among these uniformly, so an entry listed twice is
 * twice as likely: deposits and their approvals come often enough to fund the rest.
 */
export const COMMANDS: fc.Arbitrary<ModelCommand>[] = [
  createDeposit,
  createDeposit,
  decideDeposit,
  decideDeposit,
  createWithdraw,
  createWithdraw,
  decideWithdrawal,
  decideWithdrawal,
  createTransfer,
  createTransfer,
  createTrade,
  createTrade,
  settleTrade,
  settleTrade,
  refillPractice,
  retry,
  retry,
  viewRecord,
  adjustment,
];

/** Each user's opening balance: often some, sometimes none. */
export const OPENING_BALANCES = fc.array(
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(0n) },
    { weight: 3, arbitrary: amount('1', '2000') },
  ),
  { minLength: 3, maxLength: 3 },
);
export type { ModelCommand };
