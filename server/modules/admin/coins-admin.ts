/**
 * Managing the listed coins under the contract's call names. The symbol is what trades and
 * recorded ticks refer to (by text, with no foreign key), so it never changes; deleting a
 * coin unlists it while history keeps its symbol, and is refused while trades on it are
 * still pending. Every change is audited.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  COIN_NAME_MAX_LENGTH,
  COIN_SORT_ORDER_LIMIT,
  COIN_SYMBOL_PATTERN,
  CreateCoinRequest,
  DeleteCoinRequest,
  UpdateCoinRequest,
  type AdminCoin,
} from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { isUuid } from '../../http/fields';
import type { Tx } from '../../ledger/types';
import { writeAudit } from '../audit';
import {
  countPendingTrades,
  deleteCoin,
  insertCoin,
  listCoins,
  lockCoin,
  updateCoin,
  type CoinRow,
} from './coins-repository';

function coinView(row: CoinRow): AdminCoin {
  return {
    _id: row.id,
    symbol: row.symbol,
    name: row.name,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

function nameField(value: string): string {
  const name = value.trim();
  if (name === '' || name.length > COIN_NAME_MAX_LENGTH) {
    throw new ApiError(
      400,
      `Name must be 1 to ${COIN_NAME_MAX_LENGTH} characters`,
      'invalid_body',
      'name',
    );
  }
  return name;
}

function sortOrderField(value: number): number {
  if (Math.abs(value) > COIN_SORT_ORDER_LIMIT) {
    throw new ApiError(
      400,
      `sortOrder must be between -${COIN_SORT_ORDER_LIMIT} and ${COIN_SORT_ORDER_LIMIT}`,
      'invalid_body',
      'sortOrder',
    );
  }
  return value;
}

/** Letters may come in either case; a space is refused, never trimmed away. */
function symbolField(value: string): string {
  const symbol = value.toUpperCase();
  if (!COIN_SYMBOL_PATTERN.test(symbol)) {
    throw badRequest(
      'Symbol must be 2 to 15 letters or digits, such as BTC.',
      'invalid_body',
      'symbol',
    );
  }
  return symbol;
}

const coinNotFound = () => notFound('Coin not found.');

/** Changes a coin's name and sort order (each kept when not given), audited. */
async function changeCoin(
  tx: Tx,
  id: string,
  change: { name?: string; sortOrder?: number },
  by: { actorId: string; ip: string },
): Promise<CoinRow> {
  const before = await lockCoin(tx, id);
  if (!before) throw coinNotFound();
  const row = await updateCoin(tx, id, {
    name: change.name ?? before.name,
    sortOrder: change.sortOrder ?? before.sortOrder,
  });
  if (!row) throw coinNotFound();
  await writeAudit(tx, {
    actorId: by.actorId,
    action: 'coin.updated',
    targetType: 'coin',
    targetId: row.id,
    before: { symbol: before.symbol, name: before.name, sortOrder: before.sortOrder },
    after: { symbol: row.symbol, name: row.name, sortOrder: row.sortOrder },
    ip: by.ip,
  });
  return row;
}

export const adminCoinRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/coins', { config: { access: 'admin' } }, async () => {
    const rows = await listCoins(app.db);
    return { coins: rows.map(coinView) };
  });

  app.post('/createCoin', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseBody(CreateCoinRequest, request.body);
    const symbol = symbolField(body.symbol);
    const name = nameField(body.name);
    const sortOrder = sortOrderField(body.sortOrder ?? 0);
    const actorId = sessionOf(request).userId;
    const created = await app.db.transaction(async (tx) => {
      const row = await insertCoin(tx, { symbol, name, sortOrder });
      if (!row) throw conflict(`${symbol} is already listed.`, 'coin_exists', 'symbol');
      await writeAudit(tx, {
        actorId,
        action: 'coin.created',
        targetType: 'coin',
        targetId: row.id,
        after: { symbol, name, sortOrder },
        ip: request.ip,
      });
      return row;
    });
    return reply.code(201).send({ coin: coinView(created) });
  });

  app.put('/updateCoin', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(UpdateCoinRequest, request.body);
    if (!isUuid(body.id)) throw coinNotFound();
    if (body.name === undefined && body.sortOrder === undefined) {
      throw badRequest('Send name or sortOrder to change; the symbol cannot change.');
    }
    const name = body.name === undefined ? undefined : nameField(body.name);
    const sortOrder = body.sortOrder === undefined ? undefined : sortOrderField(body.sortOrder);
    const actorId = sessionOf(request).userId;
    const updated = await app.db.transaction((tx) =>
      changeCoin(tx, body.id, { name, sortOrder }, { actorId, ip: request.ip }),
    );
    return { coin: coinView(updated) };
  });

  app.put('/deleteCoin', { config: { access: 'admin' } }, async (request) => {
    const body = parseBody(DeleteCoinRequest, request.body);
    if (!isUuid(body.id)) throw coinNotFound();
    const actorId = sessionOf(request).userId;
    await app.db.transaction(async (tx) => {
      const before = await lockCoin(tx, body.id);
      if (!before) throw coinNotFound();
      const open = await countPendingTrades(tx, before.symbol);
      if (open > 0) {
        throw conflict(
          `${before.symbol} has ${open} pending trade${open === 1 ? '' : 's'}; delete it after they settle.`,
          'coin_in_use',
        );
      }
      await deleteCoin(tx, before.id);
      await writeAudit(tx, {
        actorId,
        action: 'coin.deleted',
        targetType: 'coin',
        targetId: before.id,
        before: { symbol: before.symbol, name: before.name, sortOrder: before.sortOrder },
        ip: request.ip,
      });
    });
    return { message: 'Coin deleted successfully' };
  });
};
