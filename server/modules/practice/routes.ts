/**
 * Practice mode's own call (issue 21, part 1): POST /api/refillPracticeBalance tops the
 * user's practice balance up to 10,000 practice USDT, once per UTC day. The balance itself
 * is shown by GET /api/getUserById (`practiceBalance`), and practice trades are placed with
 * POST /api/createTrade `{ account: 'practice' }` (the trades area).
 *
 * Once per UTC day rather than per rolling 24 h: the next time is the same for everyone and
 * easy to say ("from 00:00 UTC"), and the day names the refill's journal entry, whose
 * unique reference makes a second refill of one day impossible, even from two concurrent
 * requests (a double click): the second waits on the account's lock and then finds the
 * first's entry (429). A balance at or above the top is refused with 409 and keeps the day's
 * refill for later.
 */
import type { FastifyPluginAsync } from 'fastify';
import { RefillPracticeBalanceBody, type PracticeRefill } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, refusalUntil } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { nextUtcDayMs, refillPractice } from '../../ledger/practice';

export const practiceRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/refillPracticeBalance',
    { config: { access: 'user' } },
    async (request): Promise<PracticeRefill> => {
      parseBody(RefillPracticeBalanceBody, request.body ?? {});
      const { userId } = sessionOf(request);
      const nowMs = app.nowMs();
      const outcome = await app.db.transaction((tx) => refillPractice(tx, userId, nowMs));
      const nextAt = new Date(nextUtcDayMs(nowMs));
      if (outcome.kind === 'too_early') {
        throw refusalUntil(
          429,
          `You have refilled your practice balance today. The next refill is possible from ${nextAt.toISOString()}.`,
          'practice_refill_too_early',
          nextAt,
        );
      }
      if (outcome.kind === 'full') {
        throw new ApiError(
          409,
          'Your practice balance is already at 10,000 or more. Nothing to refill.',
          'practice_balance_full',
        );
      }
      request.log.info(
        { userId, refilledMicros: outcome.amountMicros.toString() },
        'practice balance refilled',
      );
      return {
        practiceBalance: formatMicros(outcome.availableMicros),
        refilledAmount: formatMicros(outcome.amountMicros),
        nextRefillAt: nextAt.toISOString(),
      };
    },
  );
};
