/** The wallet's activity: every posting on the user's wallet, newest first, paginated. */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { WalletActivity, WalletActivityPage } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { WALLET_ACTIVITY_PAGE_SIZE } from '../../../common/rules';
import { journalEntries, postings } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { badRequest } from '../../http/errors';
import { walletAccountId } from '../../ledger/accounts';

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
      const [rows, totals] = await Promise.all([
        app.db
          .select({
            id: postings.id,
            amountMicros: postings.amountMicros,
            kind: journalEntries.kind,
            referenceId: journalEntries.referenceId,
            createdAt: postings.createdAt,
          })
          .from(postings)
          .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
          .where(eq(postings.accountId, accountId))
          .orderBy(desc(postings.id))
          .limit(WALLET_ACTIVITY_PAGE_SIZE)
          .offset((page - 1) * WALLET_ACTIVITY_PAGE_SIZE),
        app.db.select({ n: count() }).from(postings).where(eq(postings.accountId, accountId)),
      ]);
      const total = totals[0]?.n ?? 0;
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
