/** Deposit and withdraw methods: public lists and the admin's create, update and delete. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  CreateDepositMethodRequest,
  CreateWithdrawMethodRequest,
  DeleteMethodRequest,
  UpdateDepositMethodRequest,
  UpdateWithdrawMethodRequest,
  type DepositMethod,
  type WithdrawMethod,
} from '../../../common/contract';
import { formatMicros, HUNDRED_PERCENT_MICRO } from '../../../common/money';
import { depositMethods, withdrawMethods } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { writeAudit } from '../admin/audit';
import { isUuid, percentField, positiveAmountField, textField } from './parse';

/** Lists are small; this caps them anyway. */
const MAX_METHODS = 100;

type DepositRow = typeof depositMethods.$inferSelect;
type WithdrawRow = typeof withdrawMethods.$inferSelect;

export function depositMethodView(row: DepositRow): DepositMethod {
  return {
    _id: row.id,
    coinName: row.coinName,
    paymentAddressType: row.paymentAddressType,
    paymentAddress: row.paymentAddress,
    minAmount: formatMicros(row.minAmountMicros),
    maxAmount: formatMicros(row.maxAmountMicros),
    conversionPrice: formatMicros(row.conversionPriceMicros),
    currencyUsdt: row.currency,
    coinSymbol: row.coinSymbol,
  };
}

export function withdrawMethodView(row: WithdrawRow): WithdrawMethod {
  return {
    ...depositMethodView(row),
    info: row.info,
    charge: formatMicros(row.chargeMicroPercent),
  };
}

interface MethodInput {
  coinName: string;
  paymentAddressType: string;
  paymentAddress: string;
  minAmount: string | number;
  maxAmount: string | number;
  conversionPrice: string | number;
  currencyUsdt: string;
  coinSymbol: string;
}

function methodValues(body: MethodInput) {
  const minAmountMicros = positiveAmountField(body.minAmount, 'minAmount', 'Minimum amount');
  const maxAmountMicros = positiveAmountField(body.maxAmount, 'maxAmount', 'Maximum amount');
  if (maxAmountMicros < minAmountMicros) {
    throw new ApiError(
      400,
      'Maximum amount must be at least the minimum amount',
      'amount',
      'maxAmount',
    );
  }
  return {
    coinName: textField(body.coinName, 'coinName', 'Coin name', { maxLength: 50 }),
    paymentAddressType: textField(body.paymentAddressType, 'paymentAddressType', 'Address type', {
      maxLength: 20,
      pattern: /^[A-Za-z0-9-]+$/,
    }).toLowerCase(),
    paymentAddress: textField(body.paymentAddress, 'paymentAddress', 'Payment address', {
      maxLength: 128,
      pattern: /^\S+$/,
    }),
    minAmountMicros,
    maxAmountMicros,
    conversionPriceMicros: positiveAmountField(
      body.conversionPrice,
      'conversionPrice',
      'Conversion price',
    ),
    currency: textField(body.currencyUsdt, 'currencyUsdt', 'Currency', {
      maxLength: 10,
      pattern: /^[A-Za-z0-9]{2,10}$/,
    }).toUpperCase(),
    coinSymbol: textField(body.coinSymbol, 'coinSymbol', 'Coin symbol', {
      maxLength: 10,
      pattern: /^[A-Za-z0-9]{2,10}$/,
    }).toUpperCase(),
  };
}

function withdrawValues(body: MethodInput & { info: string; charge: string | number }) {
  const chargeMicroPercent = percentField(body.charge, 'charge');
  if (chargeMicroPercent >= HUNDRED_PERCENT_MICRO) {
    throw new ApiError(400, 'The charge must be below 100 percent', 'amount', 'charge');
  }
  return {
    ...methodValues(body),
    info: textField(body.info, 'info', 'Info', { maxLength: 1000, allowEmpty: true }),
    chargeMicroPercent,
  };
}

const jsonSafe = (row: object) =>
  JSON.parse(
    JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;

export const methodRoutes: FastifyPluginAsync = async (app) => {
  app.get('/depositMethods', { config: { access: 'user' } }, async () => {
    const rows = await app.db
      .select()
      .from(depositMethods)
      .where(isNull(depositMethods.deletedAt))
      .orderBy(asc(depositMethods.createdAt))
      .limit(MAX_METHODS);
    return rows.map(depositMethodView);
  });

  app.get('/withdrawMethods', { config: { access: 'user' } }, async () => {
    const rows = await app.db
      .select()
      .from(withdrawMethods)
      .where(isNull(withdrawMethods.deletedAt))
      .orderBy(asc(withdrawMethods.createdAt))
      .limit(MAX_METHODS);
    return rows.map(withdrawMethodView);
  });

  app.post('/createDepositMethod', { config: { access: 'admin' } }, async (request, reply) => {
    const values = methodValues(parseBody(CreateDepositMethodRequest, request.body));
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(depositMethods).values(values).returning();
      if (!created) throw new Error('deposit method not inserted');
      await writeAudit(tx, {
        actorId,
        action: 'deposit_method.created',
        targetType: 'deposit_method',
        targetId: created.id,
        after: jsonSafe(created),
        ip: request.ip,
      });
      return created;
    });
    return reply.code(201).send({ method: depositMethodView(row) });
  });

  app.put('/updateDepositMethod', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(UpdateDepositMethodRequest, request.body);
    const values = methodValues(body);
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const before = isUuid(body.id)
        ? await tx
            .select()
            .from(depositMethods)
            .where(and(eq(depositMethods.id, body.id), isNull(depositMethods.deletedAt)))
            .for('update')
        : [];
      if (!before[0]) throw notFound('Deposit method not found.');
      const [updated] = await tx
        .update(depositMethods)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(depositMethods.id, body.id))
        .returning();
      if (!updated) throw notFound('Deposit method not found.');
      await writeAudit(tx, {
        actorId,
        action: 'deposit_method.updated',
        targetType: 'deposit_method',
        targetId: body.id,
        before: jsonSafe(before[0]),
        after: jsonSafe(updated),
        ip: request.ip,
      });
      return updated;
    });
    return { method: depositMethodView(row) };
  });

  app.put('/deleteDepositMethod', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseBody(DeleteMethodRequest, request.body);
    const actorId = sessionOf(request).userId;
    await app.db.transaction(async (tx) => {
      const deleted = isUuid(id)
        ? await tx
            .update(depositMethods)
            .set({ deletedAt: new Date() })
            .where(and(eq(depositMethods.id, id), isNull(depositMethods.deletedAt)))
            .returning()
        : [];
      if (!deleted[0]) throw notFound('Deposit method not found.');
      await writeAudit(tx, {
        actorId,
        action: 'deposit_method.deleted',
        targetType: 'deposit_method',
        targetId: id,
        before: jsonSafe(deleted[0]),
        ip: request.ip,
      });
    });
    return { message: 'Deposit method deleted' };
  });

  app.post('/createWithdrawMethod', { config: { access: 'admin' } }, async (request, reply) => {
    const values = withdrawValues(parseBody(CreateWithdrawMethodRequest, request.body));
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(withdrawMethods).values(values).returning();
      if (!created) throw new Error('withdraw method not inserted');
      await writeAudit(tx, {
        actorId,
        action: 'withdraw_method.created',
        targetType: 'withdraw_method',
        targetId: created.id,
        after: jsonSafe(created),
        ip: request.ip,
      });
      return created;
    });
    return reply.code(201).send({ method: withdrawMethodView(row) });
  });

  app.put('/updateWithdrawMethod', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(UpdateWithdrawMethodRequest, request.body);
    const values = withdrawValues(body);
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const before = isUuid(body.id)
        ? await tx
            .select()
            .from(withdrawMethods)
            .where(and(eq(withdrawMethods.id, body.id), isNull(withdrawMethods.deletedAt)))
            .for('update')
        : [];
      if (!before[0]) throw notFound('Withdraw method not found.');
      const [updated] = await tx
        .update(withdrawMethods)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(withdrawMethods.id, body.id))
        .returning();
      if (!updated) throw notFound('Withdraw method not found.');
      await writeAudit(tx, {
        actorId,
        action: 'withdraw_method.updated',
        targetType: 'withdraw_method',
        targetId: body.id,
        before: jsonSafe(before[0]),
        after: jsonSafe(updated),
        ip: request.ip,
      });
      return updated;
    });
    return { method: withdrawMethodView(row) };
  });

  app.put('/deleteWithdrawMethod', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseBody(DeleteMethodRequest, request.body);
    const actorId = sessionOf(request).userId;
    await app.db.transaction(async (tx) => {
      const deleted = isUuid(id)
        ? await tx
            .update(withdrawMethods)
            .set({ deletedAt: new Date() })
            .where(and(eq(withdrawMethods.id, id), isNull(withdrawMethods.deletedAt)))
            .returning()
        : [];
      if (!deleted[0]) throw notFound('Withdraw method not found.');
      await writeAudit(tx, {
        actorId,
        action: 'withdraw_method.deleted',
        targetType: 'withdraw_method',
        targetId: id,
        before: jsonSafe(deleted[0]),
        ip: request.ip,
      });
    });
    return { message: 'Withdraw method deleted' };
  });
};
