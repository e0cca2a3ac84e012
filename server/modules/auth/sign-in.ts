/**
 * What a sign-in writes once the account is proved (password, and later a second factor):
 * the last sign-in time, a session that carries the device's User-Agent and address, the
 * device in the account's known devices, and the attempt in its history, in one transaction.
 * `POST /api/login` calls it; a second step (`POST /api/loginTwoFactor`) calls it the same way.
 */
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, type Role } from '../../../common/rules';
import { recordSignIn } from './accounts-repository';
import { deviceHashOf, rememberDevice } from './devices';
import { recordLoginAttempt } from './login-history';
import { createSession } from './sessions';
import type { Tx } from '../../ledger/types';
import { enqueueMail } from '../mail';
import { parseUserAgent, storedUserAgent } from './user-agent';

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
   * "sign-in from a new device" mail is enqueued in `tx` when this is true.
   */
  newDevice: boolean;
}

/** Opens the session of a proved sign-in (see the file's comment), in `tx`. */
export async function completeSignIn(
  tx: Tx,
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
  if (newDevice) await mailNewDevice(tx, user.id, client, now);
  return { token: session.token, sessionId: session.id, expiresAt: session.expiresAt, newDevice };
}

/** The owner hears of a sign-in from a device the account had not used: when, where, what. */
async function mailNewDevice(tx: Tx, userId: string, client: SignInClient, now: Date) {
  const { browser, system } = parseUserAgent(client.userAgent);
  const device = [browser, system].filter((part) => part !== null).join(', ') || 'unknown';
  await enqueueMail(tx, {
    userId,
    kind: 'new_device_sign_in',
    params: { time: now.toISOString(), address: client.ipAddress, device },
  });
}
