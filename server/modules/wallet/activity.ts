/** The wallet's activity: every posting on the user's wallet, newest first, paginated. */
import type { FastifyPluginAsync } from 'fastify';
import type { WalletActivity, WalletActivityPage } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { WALLET_ACTIVITY_PAGE_SIZE } from '../../../common/rules';
import { sessionOf } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { walletAccountId } from '../../ledger/accounts';
import { countWalletPostings, pageOfWalletPostings } from './activity-repository';

const MAX_PAGE = 100_000;

function activityKind(entryKind: string, amountMicros: bigint): WalletActivity['kind'] {
  switch (entryKind) {
    case 'deposit':
      return 'deposit';
    case 'withdrawal':
      return 'withdrawal';
    case 'transfer':
      return amountMicros < 0n ? 'transfer_out' : 'transfer_in';
    case 'adjustment':
      return 'adjustment';
    default:
      return entryKind.startsWith('trade') ? 'trade' : 'adjustment';
  }
}

export const activityRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { page?: string } }>(
    '/getWalletActivity',
    { config: { access: 'user' } },
    async (request): Promise<WalletActivityPage> => {
      const pageText = request.query.page ?? '1';
      const page = Number(pageText);
      if (!/^\d+$/.test(pageText) || page < 1 || page > MAX_PAGE)
        throw badRequest('page must be a whole number from 1');
      const accountId = await walletAccountId(app.db, sessionOf(request).userId);
      const [rows, total] = await Promise.all([
        pageOfWalletPostings(app.db, accountId, page),
        countWalletPostings(app.db, accountId),
      ]);
      return {
        items: rows.map((row) => ({
          _id: row.id.toString(),
          kind: activityKind(row.kind, row.amountMicros),
          amount: formatMicros(row.amountMicros),
          referenceId: row.referenceId,
          createdAt: row.createdAt.toISOString(),
        })),
        page,
        pages: Math.max(1, Math.ceil(total / WALLET_ACTIVITY_PAGE_SIZE)),
        total,
      };
    },
  );
};
