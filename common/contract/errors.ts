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
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
