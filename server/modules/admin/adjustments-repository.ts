/**
 * What a balance adjustment reads before it posts: the dual-approval size from the site
 * settings, and the wallet's balance under lock. The posting itself is the ledger's.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { siteSettings } from '../../db/schema';
import type { Tx } from '../../ledger/types';

/** From which size an adjustment needs a second admin; null when it never does. */
export async function findDualApprovalThresholdMicros(tx: Tx): Promise<bigint | null> {
  const [settings] = await tx
    .select({ thresholdMicros: siteSettings.withdrawalDualApprovalMicros })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return settings?.thresholdMicros ?? null;
}

/**
 * The wallet's cached balance and held amount, its row locked. The caller has locked the
 * entry's accounts in id order first (`lockAccounts`), so this never waits.
 */
export async function lockWalletBalance(
  tx: Tx,
  walletId: string,
): Promise<{ balanceMicros: bigint; heldMicros: bigint }> {
  const [wallet] = await queryRows<{ balance: string; held: string }>(
    tx,
    sql`select balance_micros::text as balance, held_micros::text as held
        from ledger_accounts where id = ${walletId}::uuid for update`,
  );
  if (!wallet) throw new Error('wallet vanished');
  return { balanceMicros: BigInt(wallet.balance), heldMicros: BigInt(wallet.held) };
}
