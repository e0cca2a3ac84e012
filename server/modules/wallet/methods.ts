/** Deposit and withdraw methods: public lists and the admin's create, update and delete. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  CreateDepositMethodRequest,
  CreateWithdrawMethodRequest,
  DeleteMethodRequest,
  INFO_LANGUAGES,
  METHOD_TEXT_RULES,
  UpdateDepositMethodRequest,
  UpdateWithdrawMethodRequest,
  type AdminMethods,
  type DepositMethod,
  type InfoTranslations,
  type WithdrawMethod,
} from '../../../common/contract';
import { formatMicros, HUNDRED_PERCENT_MICRO, maxUsdtMicrosForRate } from '../../../common/money';
import { depositMethods, withdrawMethods } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { writeAudit } from '../audit';
import { codeField, isUuid, percentField, positiveAmountField, textField } from '../../http/fields';
import {
  insertMethod,
  listActiveMethods,
  lockActiveMethod,
  softDeleteMethod,
  updateMethod,
  type MethodTable,
} from './methods-repository';

/** Lists are small; this caps them anyway. */
const MAX_METHODS = 100;

type DepositRow = typeof depositMethods.$inferSelect;
type WithdrawRow = typeof withdrawMethods.$inferSelect;
type MethodValues = MethodTable['$inferInsert'];

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
    infoTranslations: row.infoTranslations ?? {},
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
  const conversionPriceMicros = positiveAmountField(
    body.conversionPrice,
    'conversionPrice',
    'Conversion price',
  );
  // Every amount within the limits must convert to a coin quantity that can be stored.
  const largestMicros = maxUsdtMicrosForRate(conversionPriceMicros);
  if (maxAmountMicros > largestMicros) {
    throw new ApiError(
      400,
      `At this conversion price the maximum amount can be at most ${formatMicros(largestMicros)}`,
      'amount',
      'maxAmount',
    );
  }
  return {
    coinName: textField(body.coinName, 'coinName', 'Coin name', METHOD_TEXT_RULES.coinName),
    paymentAddressType: textField(
      body.paymentAddressType,
      'paymentAddressType',
      'Address type',
      METHOD_TEXT_RULES.paymentAddressType,
    ).toLowerCase(),
    paymentAddress: textField(
      body.paymentAddress,
      'paymentAddress',
      'Payment address',
      METHOD_TEXT_RULES.paymentAddress,
    ),
    minAmountMicros,
    maxAmountMicros,
    conversionPriceMicros,
    currency: codeField(
      body.currencyUsdt,
      'currencyUsdt',
      'Currency',
      METHOD_TEXT_RULES.currencyUsdt.pattern,
    ).toUpperCase(),
    coinSymbol: codeField(
      body.coinSymbol,
      'coinSymbol',
      'Coin symbol',
      METHOD_TEXT_RULES.coinSymbol.pattern,
    ).toUpperCase(),
  };
}

/**
 * The instructions per language, trimmed, each within `info`'s limit; an empty text means
 * none, and no text at all is null. Left out (undefined), the column is left as it is.
 */
function infoTranslationsField(
  translations: InfoTranslations | undefined,
): InfoTranslations | null | undefined {
  if (translations === undefined) return undefined;
  const kept: InfoTranslations = {};
  for (const language of INFO_LANGUAGES) {
    const text = textField(
      translations[language] ?? '',
      `infoTranslations.${language}`,
      `Info (${language})`,
      { ...METHOD_TEXT_RULES.info, allowEmpty: true },
    );
    if (text !== '') kept[language] = text;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

function withdrawValues(
  body: MethodInput & {
    info: string;
    infoTranslations?: InfoTranslations;
    charge: string | number;
  },
) {
  const chargeMicroPercent = percentField(body.charge, 'charge');
  if (chargeMicroPercent >= HUNDRED_PERCENT_MICRO) {
    throw new ApiError(400, 'The charge must be below 100 percent', 'amount', 'charge');
  }
  return {
    ...methodValues(body),
    info: textField(body.info, 'info', 'Info', { ...METHOD_TEXT_RULES.info, allowEmpty: true }),
    infoTranslations: infoTranslationsField(body.infoTranslations),
    chargeMicroPercent,
  };
}

const jsonSafe = (row: object) =>
  JSON.parse(
    JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;

/**
 * What differs between deposit and withdraw methods; their routes are otherwise the same.
 * The query builder is typed with the deposit table (the withdraw table has the same
 * columns and more), so rows are handed to `view` as the real table's rows.
 */
interface MethodKind<Row, View extends DepositMethod = DepositMethod | WithdrawMethod> {
  table: typeof depositMethods | typeof withdrawMethods;
  /** "Deposit" or "Withdraw": the spec's paths are /deposit…, /createDepositMethod… */
  name: 'Deposit' | 'Withdraw';
  createValues(
    body: unknown,
  ): typeof withdrawMethods.$inferInsert | typeof depositMethods.$inferInsert;
  updateValues(body: unknown): {
    id: string;
    values: typeof withdrawMethods.$inferInsert | typeof depositMethods.$inferInsert;
  };
  view(row: Row): View;
}

const DEPOSIT_KIND: MethodKind<DepositRow, DepositMethod> = {
  table: depositMethods,
  name: 'Deposit',
  createValues: (body) => methodValues(parseBody(CreateDepositMethodRequest, body)),
  updateValues: (body) => {
    const parsed = parseBody(UpdateDepositMethodRequest, body);
    return { id: parsed.id, values: methodValues(parsed) };
  },
  view: depositMethodView,
};

const WITHDRAW_KIND: MethodKind<WithdrawRow, WithdrawMethod> = {
  table: withdrawMethods,
  name: 'Withdraw',
  createValues: (body) => withdrawValues(parseBody(CreateWithdrawMethodRequest, body)),
  updateValues: (body) => {
    const parsed = parseBody(UpdateWithdrawMethodRequest, body);
    return { id: parsed.id, values: withdrawValues(parsed) };
  },
  view: withdrawMethodView,
};

/** The methods a user can choose, oldest first. Deleted ones stay only for history. */
async function activeMethods<Row, View extends DepositMethod>(
  app: FastifyInstance,
  kind: MethodKind<Row, View>,
): Promise<View[]> {
  const rows = await listActiveMethods(app.db, kind.table as MethodTable, MAX_METHODS);
  return rows.map((row) => kind.view(row as unknown as Row));
}

function registerMethodRoutes<Row>(app: FastifyInstance, kind: MethodKind<Row>): void {
  const table = kind.table as MethodTable;
  const asRow = (row: DepositRow) => row as unknown as Row;
  const noun = kind.name.toLowerCase();
  const targetType = `${noun}_method`;
  const missing = () => notFound(`${kind.name} method not found.`);

  app.get(`/${noun}Methods`, { config: { access: 'user' } }, async () => activeMethods(app, kind));

  app.post(`/create${kind.name}Method`, { config: { access: 'admin' } }, async (request, reply) => {
    const values = kind.createValues(request.body) as MethodValues;
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const created = await insertMethod(tx, table, values);
      if (!created) throw new Error(`${targetType} not inserted`);
      await writeAudit(tx, {
        actorId,
        action: `${targetType}.created`,
        targetType,
        targetId: created.id,
        after: jsonSafe(created),
        ip: request.ip,
      });
      return created;
    });
    return reply.code(201).send({ method: kind.view(asRow(row)) });
  });

  app.put(`/update${kind.name}Method`, { config: { access: 'admin' } }, async (request) => {
    const { id, values } = kind.updateValues(request.body);
    const actorId = sessionOf(request).userId;
    const row = await app.db.transaction(async (tx) => {
      const before = isUuid(id) ? await lockActiveMethod(tx, table, id) : null;
      if (!before) throw missing();
      const updated = await updateMethod(tx, table, id, values as MethodValues);
      if (!updated) throw missing();
      await writeAudit(tx, {
        actorId,
        action: `${targetType}.updated`,
        targetType,
        targetId: id,
        before: jsonSafe(before),
        after: jsonSafe(updated),
        ip: request.ip,
      });
      return updated;
    });
    return { method: kind.view(asRow(row)) };
  });

  app.put(`/delete${kind.name}Method`, { config: { access: 'admin' } }, async (request) => {
    const { id } = parseBody(DeleteMethodRequest, request.body);
    const actorId = sessionOf(request).userId;
    await app.db.transaction(async (tx) => {
      // Deleted methods stay in the table so history keeps its gateway.
      const deleted = isUuid(id) ? await softDeleteMethod(tx, table, id) : null;
      if (!deleted) throw missing();
      await writeAudit(tx, {
        actorId,
        action: `${targetType}.deleted`,
        targetType,
        targetId: id,
        before: jsonSafe(deleted),
        ip: request.ip,
      });
    });
    return { message: `${kind.name} method deleted` };
  });
}

export const methodRoutes: FastifyPluginAsync = async (app) => {
  registerMethodRoutes(app, DEPOSIT_KIND);
  registerMethodRoutes(app, WITHDRAW_KIND);

  /** Both kinds for the console, which manages them with an admin token. */
  app.get('/admin/methods', { config: { access: 'admin' } }, async (): Promise<AdminMethods> => {
    const [deposit, withdraw] = await Promise.all([
      activeMethods(app, DEPOSIT_KIND),
      activeMethods(app, WITHDRAW_KIND),
    ]);
    return { deposit, withdraw };
  });
};
