/**
 * An account made from a password (a sign-up, the seed's accounts): the password is hashed
 * here, and the users area stores the account with its wallet.
 */
import type { Db } from '../../db/client';
import {
  createHashedAccount,
  type AfterAccountInsert,
  type CreateAccountResult,
  type HashedAccount,
} from '../users';
import { hashPassword } from './passwords';

export interface NewAccount extends Omit<HashedAccount, 'passwordHash' | 'createdBy'> {
  password: string;
}

export async function createAccount(
  db: Db,
  account: NewAccount,
  afterInsert?: AfterAccountInsert,
): Promise<CreateAccountResult> {
  const { password, ...fields } = account;
  const passwordHash = await hashPassword(password);
  return createHashedAccount(db, { ...fields, passwordHash, createdBy: null }, afterInsert);
}
