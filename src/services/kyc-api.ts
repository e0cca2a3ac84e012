import { KycResponse, type CreateKycBody, type Kyc } from '../../common/contract';
import { api } from './api-client';
import { ApiError } from './api-error';

/**
 * The KYC calls of docs/product.md §7. Reads pass `retries: 0` because TanStack Query retries them. The
 * images in an answer are signed links that work for a few minutes; polling the request
 * brings fresh ones.
 */

/** The user's newest KYC request, or null when they never sent one (404). */
export async function fetchKycDetails(signal?: AbortSignal): Promise<Kyc | null> {
  try {
    const options = { retries: 0, ...(signal ? { signal } : {}) };
    return (await api.get('/getKycDetails', KycResponse, options)).kyc;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Sends the KYC form. Not idempotent by key: the server keeps one open request per user, so
 * a repeated submission is refused (409) rather than applied twice.
 */
export async function createKyc(body: CreateKycBody): Promise<Kyc> {
  return (await api.post('/createKyc', KycResponse, body)).kyc;
}
