/**
 * What a sign-in writes once the account is proved (password, and later a second factor):
 * the last sign-in time, a session that carries the device's User-Agent and address, the
 * device in the account's known devices, and the attempt in its history, in one transaction.
 * `POST /api/login` calls it; a second step (`POST /api/loginTwoFactor`) calls it the same way.
 */
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, type Role } from '../../../common/rules';
import type { Db } from '../../db/client';
import { recordSignIn } from './accounts-repository';
import { deviceHashOf, rememberDevice } from './devices';
import { recordLoginAttempt } from './login-history';
import { createSession } from './sessions';
import { storedUserAgent } from './user-agent';

/** Who signs in from where: the stored User-Agent, the address and the device's key. */
export interface SignInClient {
  userAgent: string | null;
  ipAddress: string;
  deviceHash: string;
}

export function signInClientOf(request: FastifyRequest): SignInClient {
  const userAgent = storedUserAgent(request.headers['user-agent']);
  return {
    userAgent,
    ipAddress: request.ip,
    deviceHash: deviceHashOf(request.headers[DEVICE_ID_HEADER], userAgent),
  };
}

export interface CompletedSignIn {
  token: string;
  sessionId: string;
  expiresAt: Date;
  /**
   * The account signed in from a device it had not used before (devices.ts). The
   * "sign-in from a new device" mail goes out when this is true, enqueued in `tx`.
   */
  newDevice: boolean;
}

/** Opens the session of a proved sign-in (see the file's comment), in `tx`. */
export async function completeSignIn(
  tx: Db,
  user: { id: string; role: Role },
  client: SignInClient,
  now: Date,
): Promise<CompletedSignIn> {
  await recordSignIn(tx, user.id, now);
  const session = await createSession(tx, user.id, user.role, now, client);
  const { newDevice } = await rememberDevice(tx, user.id, client.deviceHash, now);
  await recordLoginAttempt(tx, {
    userId: user.id,
    result: 'success',
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    newDevice,
    at: now,
  });
  return { token: session.token, sessionId: session.id, expiresAt: session.expiresAt, newDevice };
}
