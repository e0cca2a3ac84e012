/**
 * Machine-readable error codes the API puts next to its English `error` text, so the web
 * app can show a translation. Field validation failures use the codes of common/validation
 * (`code: 'field'` with `field` and `fieldCode`).
 */
export const API_ERROR_CODES = [
  'malformed_json',
  'invalid_body',
  'unknown_field',
  'field',
  'email_taken',
  'username_taken',
  'invalid_credentials',
  'account_disabled',
  'too_many_attempts',
  'unauthorized',
  'forbidden',
  'not_found',
  'payload_too_large',
  'internal',
  'insufficient_funds',
  'amount',
  'figures_changed',
  'idempotency_key_required',
  'idempotency_conflict',
  'already_decided',
  'self_transfer',
  'receiver_not_found',
  'method_unavailable',
  'invalid_upload',
  'unsupported_media_type',
  'market_unavailable',
  'trading_disabled',
  'trading_restricted',
  'coin_not_listed',
  'kyc_pending',
  'already_verified',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
