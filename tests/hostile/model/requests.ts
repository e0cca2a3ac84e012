/**
 * Money-moving requests (deposit, withdraw, transfer, trade): how the client builds each
 * body, what the model predicts the server answers, and how a request is sent, first time
 * or as a retry. A retry goes through the same function as the first attempt: when the
 * model holds a stored answer under (user, key), the server must replay it byte for byte
 * (or refuse a different body with 422) and move nothing; otherwise the request is new to
 * the server (a failure stores nothing) and is predicted like any other.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { feeOf, wire } from './money';
import {
  keyId,
  userOf,
  notePracticeUse,
  tradeWalletOf,
  walletOf,
  type Model,
  type Real,
  type RequestSpec,
  type SentRequest,
  type UserIx,
} from './state';
import { json, recordTick, send, type Reply } from './world';

/** Every trade opens at this price; its exit tick decides the outcome the command chose. */
const ENTRY_PRICE = '100';

const ROUTES: Record<RequestSpec['kind'], string> = {
  deposit: 'createDeposit',
  withdraw: 'createWithdraw',
  transfer: 'createTransfer',
  trade: 'createTrade',
};

const PAYMENT_ADDRESS = 'TXmodelWithdrawalAddress01';

/** The request body exactly as the web app would send it for `spec`. */
function buildPayload(real: Real, spec: RequestSpec): Record<string, unknown> {
  const { rules } = real.world;
  switch (spec.kind) {
    case 'deposit':
      return {
        gatWay: real.world.depositMethodId,
        amount: wire(spec.amountMicros),
        transactionScreenshot: spec.screenshot,
      };
    case 'withdraw': {
      const fee = feeOf(spec.amountMicros, rules.withdrawChargeMicroPercent);
      const net = spec.amountMicros - fee;
      return {
        gatWay: real.world.withdrawMethodId,
        amount: wire(spec.amountMicros),
        paymentAddress: PAYMENT_ADDRESS,
        ...(spec.figures === 'none'
          ? {}
          : {
              charge: wire(rules.withdrawChargeMicroPercent),
              // A stale preview: one micro-USDT off what the server computes now.
              needToPay: wire(spec.figures === 'right' ? net : net + 1n),
            }),
      };
    }
    case 'transfer': {
      const fee = feeOf(spec.amountMicros, rules.transferChargeMicroPercent);
      return {
        amount: wire(spec.amountMicros),
        receivePId: userOf(real, spec.to).payId,
        ...(spec.figures === 'none'
          ? {}
          : {
              needToPay: wire(spec.amountMicros - fee),
              chargeAmount: wire(spec.figures === 'right' ? fee : fee + 1n),
            }),
      };
    }
    case 'trade': {
      const payout = rules.payoutMicroPercent[spec.selectedTime];
      return {
        coinType: `${spec.symbol}USDT`,
        tradeType: spec.direction,
        tradeAmount: wire(spec.stakeMicros),
        selectedTime: spec.selectedTime,
        // Real trades mostly leave the field out (the default), as clients before practice did.
        ...(spec.account === 'practice' ? { account: 'practice' } : {}),
        ...(spec.payout === 'none'
          ? {}
          : { payoutPercent: wire(spec.payout === 'right' ? payout : payout + 1_000_000n) }),
      };
    }
  }
}

/** The body hash the server keys on: the route and the body with its keys sorted. */
function bodyHashOf(route: string, payload: Record<string, unknown>): string {
  const sorted = Object.keys(payload)
    .sort()
    .map((k) => [k, payload[k]]);
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(sorted)}`)
    .digest('hex');
}

/** What the model says the server answers a request it has not seen before. */
interface Outcome {
  status: number;
  code?: string;
  /** On success: check the answer and move the model's money. */
  apply?: (model: Model, reply: Reply) => void;
}

const refused = (status: number, code: string): Outcome => ({ status, code });

function predictDeposit(
  model: Model,
  real: Real,
  user: UserIx,
  spec: Extract<RequestSpec, { kind: 'deposit' }>,
): Outcome {
  const { rules } = real.world;
  if (spec.amountMicros < rules.depositMinMicros || spec.amountMicros > rules.depositMaxMicros)
    return refused(400, 'amount');
  const upload = model.uploads.find((u) => u.url === spec.screenshot);
  // A missing file, another user's and one already used all answer alike.
  if (!upload || upload.owner !== user || upload.claimed) return refused(400, 'invalid_upload');
  return {
    status: 201,
    apply: (m, reply) => {
      const { deposit } = json<{ deposit: { _id: string; amount: string; status: string } }>(reply);
      expect(deposit.amount).toBe(wire(spec.amountMicros));
      expect(deposit.status).toBe('Pending');
      upload.claimed = true;
      m.deposits.push({
        id: deposit._id,
        user,
        amountMicros: spec.amountMicros,
        status: 'Pending',
      });
    },
  };
}

function predictWithdraw(
  model: Model,
  real: Real,
  user: UserIx,
  spec: Extract<RequestSpec, { kind: 'withdraw' }>,
): Outcome {
  const { rules } = real.world;
  if (spec.amountMicros < rules.withdrawMinMicros || spec.amountMicros > rules.withdrawMaxMicros)
    return refused(400, 'amount');
  const fee = feeOf(spec.amountMicros, rules.withdrawChargeMicroPercent);
  const net = spec.amountMicros - fee;
  if (spec.figures === 'wrong') return refused(422, 'figures_changed');
  const wallet = walletOf(model, user);
  if (spec.amountMicros > wallet.availableMicros) return refused(422, 'insufficient_funds');
  return {
    status: 201,
    apply: (m, reply) => {
      const { withdraw } = json<{
        withdraw: { _id: string; amount: string; fee: string; needToPay: string; status: string };
      }>(reply);
      expect(withdraw).toMatchObject({
        amount: wire(spec.amountMicros),
        fee: wire(fee),
        needToPay: wire(net),
        status: 'Pending',
      });
      const held = walletOf(m, user);
      held.availableMicros -= spec.amountMicros;
      held.heldMicros += spec.amountMicros;
      m.withdrawals.push({
        id: withdraw._id,
        user,
        amountMicros: spec.amountMicros,
        feeMicros: fee,
        netMicros: net,
        status: 'Pending',
        firstApprover: null,
      });
    },
  };
}

function predictTransfer(
  model: Model,
  real: Real,
  user: UserIx,
  spec: Extract<RequestSpec, { kind: 'transfer' }>,
): Outcome {
  const { rules } = real.world;
  if (spec.to === user) return refused(400, 'self_transfer');
  if (spec.amountMicros < rules.transferMinMicros) return refused(400, 'amount');
  const fee = feeOf(spec.amountMicros, rules.transferChargeMicroPercent);
  const net = spec.amountMicros - fee;
  if (net <= 0n) return refused(400, 'amount');
  if (spec.figures === 'wrong') return refused(422, 'figures_changed');
  if (spec.amountMicros > walletOf(model, user).availableMicros)
    return refused(422, 'insufficient_funds');
  return {
    status: 201,
    apply: (m, reply) => {
      const { transfer } = json<{
        transfer: { _id: string; amount: string; chargeAmount: string; needToPay: string };
      }>(reply);
      expect(transfer).toMatchObject({
        amount: wire(spec.amountMicros),
        chargeAmount: wire(fee),
        needToPay: wire(net),
      });
      walletOf(m, user).availableMicros -= spec.amountMicros;
      walletOf(m, spec.to).availableMicros += net;
      m.platform.feeRevenue += fee;
      m.entries += 1;
      m.transfers.push({ id: transfer._id, from: user, to: spec.to });
    },
  };
}

function predictTrade(
  model: Model,
  real: Real,
  user: UserIx,
  spec: Extract<RequestSpec, { kind: 'trade' }>,
): Outcome {
  const { rules } = real.world;
  if (spec.stakeMicros < rules.tradeMinMicros || spec.stakeMicros > rules.tradeMaxMicros)
    return refused(400, 'amount');
  if (spec.payout === 'wrong') return refused(409, 'figures_changed');
  if (spec.stakeMicros > tradeWalletOf(model, user, spec.account).availableMicros)
    return refused(422, 'insufficient_funds');
  const payout = rules.payoutMicroPercent[spec.selectedTime];
  return {
    status: 201,
    apply: (m, reply) => {
      const { trade } = json<{
        trade: {
          _id: string;
          tradeAmount: string;
          payoutPercent: string;
          coinPrice: string;
          tradeStatus: string;
          expiresAt: string;
          account?: string;
        };
      }>(reply);
      // A practice trade says so; a real one has no account field, as before practice mode.
      expect(trade.account).toBe(spec.account === 'practice' ? 'practice' : undefined);
      expect(trade).toMatchObject({
        tradeAmount: wire(spec.stakeMicros),
        payoutPercent: wire(payout),
        coinPrice: ENTRY_PRICE,
        tradeStatus: 'Pending',
      });
      if (spec.account === 'practice') notePracticeUse(m, user);
      const wallet = tradeWalletOf(m, user, spec.account);
      wallet.availableMicros -= spec.stakeMicros;
      wallet.heldMicros += spec.stakeMicros;
      m.trades.push({
        id: trade._id,
        user,
        account: spec.account,
        symbol: spec.symbol,
        direction: spec.direction,
        stakeMicros: spec.stakeMicros,
        payoutMicroPercent: payout,
        expiresAtMs: Date.parse(trade.expiresAt),
        status: 'Pending',
        result: null,
      });
    },
  };
}

function predict(model: Model, real: Real, sent: SentRequest): Outcome {
  const { spec, user } = sent;
  // Zero is refused before anything else is looked at.
  if ((spec.kind === 'trade' ? spec.stakeMicros : spec.amountMicros) === 0n)
    return refused(400, 'amount');
  switch (spec.kind) {
    case 'deposit':
      return predictDeposit(model, real, user, spec);
    case 'withdraw':
      return predictWithdraw(model, real, user, spec);
    case 'transfer':
      return predictTransfer(model, real, user, spec);
    case 'trade':
      return predictTrade(model, real, user, spec);
  }
}

export function newRequest(real: Real, user: UserIx, key: string, spec: RequestSpec): SentRequest {
  return { user, key, spec, route: ROUTES[spec.kind], payload: buildPayload(real, spec) };
}

/** Describes a reply for assertion messages. */
const describeReply = (sent: SentRequest, reply: Reply) =>
  `${sent.route} by user ${sent.user} (key ${sent.key.slice(0, 8)}…): ${reply.status} ${reply.body}`;

/**
 * Sends a money-moving request (a first attempt or a retry) and checks the answer against
 * the model; on success the model moves and remembers the answer under the key.
 */
export async function sendMoneyRequest(
  model: Model,
  real: Real,
  sent: SentRequest,
): Promise<Reply> {
  const id = keyId(sent.user, sent.key);
  const stored = model.storedKeys.get(id);
  const bodyHash = bodyHashOf(sent.route, sent.payload);
  const outcome: Outcome | null = stored ? null : predict(model, real, sent);
  // A trade needs a fresh entry tick; a replayed one must not touch its coin's ticks, which
  // may already hold its exit.
  if (!stored && sent.spec.kind === 'trade') {
    await recordTick(
      real.world,
      sent.spec.symbol,
      Math.floor(Date.now() / 1000) * 1000,
      ENTRY_PRICE,
    );
  }
  const reply = await send(real.world, {
    method: 'POST',
    url: `/api/${sent.route}`,
    headers: { ...userOf(real, sent.user).auth, 'idempotency-key': sent.key },
    payload: sent.payload,
  });
  if (!model.requests.includes(sent)) model.requests.push(sent);
  if (stored) {
    if (stored.route !== sent.route || stored.bodyHash !== bodyHash) {
      expect(reply.status, describeReply(sent, reply)).toBe(422);
      expect(json<{ code: string }>(reply).code).toBe('idempotency_conflict');
      return reply;
    }
    expect(reply.status, describeReply(sent, reply)).toBe(stored.status);
    expect(reply.body, 'a replay answers the first answer byte for byte').toBe(stored.body);
    expect(reply.replayed, 'a replay says so').toBe(true);
    return reply;
  }
  if (!outcome) throw new Error('no outcome predicted');
  expect(reply.status, describeReply(sent, reply)).toBe(outcome.status);
  expect(reply.replayed, 'a first answer is not a replay').toBe(false);
  if (outcome.code !== undefined) {
    expect(json<{ code?: string }>(reply).code, describeReply(sent, reply)).toBe(outcome.code);
  }
  if (outcome.apply) {
    outcome.apply(model, reply);
    model.storedKeys.set(id, {
      route: sent.route,
      bodyHash,
      status: reply.status,
      body: reply.body,
    });
  }
  return reply;
}
