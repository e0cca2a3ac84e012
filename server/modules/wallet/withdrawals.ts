/**
 * Withdrawals: requesting one holds the amount at once, so it cannot be spent twice. An
 * admin completes it (the hold becomes a posting: the wallet pays the amount, fee revenue
 * gets the fee, withdrawal clearing the net that leaves on chain) or rejects it (the hold
 * is released). Large amounts take two admins: see withdraw-decision.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CreateWithdrawRequest, UpdateWithdrawRequest } from '../../../common/contract';
import { splitFee } from '../../../common/money';
import { LOG_LIST_CAP, PAYMENT_ADDRESS_MAX_LENGTH } from '../../../common/rules';
import { withdrawals, withdrawMethods } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { walletAccountId } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import { placeHold } from '../../ledger/posting';
import { assertEmailVerified, assertWithdrawalsAllowed, requireStepUp } from '../users';
import { activeMethod, checkLimits } from './requests';
import {
  assertSameAmount,
  assertSameCoinUnits,
  assertSameId,
  coinUnitsField,
  isUuid,
  percentField,
  positiveAmountField,
  textField,
} from '../../http/fields';
import { withdrawView } from './views';
import { decideWithdrawal } from './withdraw-decision';
import { newRecordId } from '../../lib/record-id';
import { insertWithdrawal, withdrawalOfUser, withdrawalsOfUser } from './history-repository';

export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  app.post('/createWithdraw', { config: { access: 'user' } }, async (request, reply) => {
    const body = parseBody(CreateWithdrawRequest, request.body);
    const { userId } = sessionOf(request);
    // Before the key is claimed or anything held: an unproven mailbox moves nothing out.
    await assertEmailVerified(app.db, userId);
    const nowMs = app.nowMs();
    return runIdempotent(
      request,
      reply,
      'createWithdraw',
      async (tx) => {
        await assertWithdrawalsAllowed(tx, userId, nowMs);
        const method = await activeMethod(tx, withdrawMethods, body.gatWay);
        const amountMicros = positiveAmountField(body.amount, 'amount');
        checkLimits(amountMicros, method, {
          min: 'Minimum amount is',
          max: 'Maximum amount is',
          unit: 'USDT',
        });
        const paymentAddress = textField(body.paymentAddress, 'paymentAddress', 'Wallet address', {
          maxLength: PAYMENT_ADDRESS_MAX_LENGTH,
          pattern: /^[A-Za-z0-9:._-]+$/,
        });
        const split = splitFee(amountMicros, method.chargeMicroPercent);
        if (split.netMicros <= 0n)
          throw new ApiError(400, 'The amount is too small after the fee.', 'amount', 'amount');
        if (
          body.charge !== undefined &&
          percentField(body.charge, 'charge') !== method.chargeMicroPercent
        ) {
          throw new ApiError(
            422,
            'The processing fee changed since you confirmed. Please review it and confirm again.',
            'figures_changed',
            'charge',
          );
        }
        assertSameAmount(body.needToPay, split.netMicros, 'needToPay');
        const coinUnits = coinUnitsField(split.netMicros, method.conversionPriceMicros, 'amount');
        assertSameCoinUnits(body.coinConversion, coinUnits, 'coinConversion');

        const row: typeof withdrawals.$inferSelect = {
          id: newRecordId(),
          userId,
          methodId: method.id,
          gateway: method.coinName,
          gatewayType: method.paymentAddressType,
          currency: method.coinSymbol,
          amountMicros,
          feeMicros: split.feeMicros,
          netMicros: split.netMicros,
          chargeMicroPercent: method.chargeMicroPercent,
          coinUnits,
          conversionRateMicros: method.conversionPriceMicros,
          paymentAddress,
          status: 'Pending',
          transactionHash: null,
          reason: null,
          firstApprovedBy: null,
          firstApprovedAt: null,
          decidedBy: null,
          decidedAt: null,
          createdAt: new Date(),
        };
        return {
          statusCode: 201,
          body: { withdraw: withdrawView(row) },
          apply: async (write) => {
            try {
              await placeHold(write, await walletAccountId(write, userId), amountMicros);
            } catch (error) {
              if (error instanceof InsufficientFundsError) {
                throw new InsufficientFundsError('You cannot withdraw more than your balance.');
              }
              throw error;
            }
            await insertWithdrawal(write, row);
            request.log.info({ withdrawalId: row.id, userId }, 'withdrawal requested; amount held');
          },
        };
      },
      // The second factor first, before the transaction: a missing or wrong code moves
      // nothing; a retry of an answered key replays without one.
      { beforeChange: (answered) => requireStepUp(request, answered) },
    );
  });

  app.get('/getUserWithdrawLog', { config: { access: 'user' } }, async (request) => {
    const { userId } = sessionOf(request);
    const rows = await withdrawalsOfUser(app.db, userId, LOG_LIST_CAP);
    return rows.map(withdrawView);
  });

  app.get<{ Params: { id: string } }>(
    '/getWithdrawDetails/:id',
    { config: { access: 'user' } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { id } = request.params;
      const row = isUuid(id) ? await withdrawalOfUser(app.db, userId, id) : null;
      if (!row) throw notFound('Withdrawal not found.');
      return { withdraw: withdrawView(row) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/updateWithdraw/:id',
    { config: { access: 'admin' } },
    async (request) => {
      const body = parseBody(UpdateWithdrawRequest, request.body);
      assertSameId(body.id, request.params.id);
      return decideWithdrawal(app, request, body);
    },
  );
};
