/**
 * Money-moving POSTs (createDeposit, createWithdraw, createTransfer) need an
 * `Idempotency-Key` header: made by the client once per confirmed action and reused on
 * every retry of it. In a module of its own (no structs) because the web app's HTTP client,
 * which every page loads, needs these two and nothing else of the wallet's contract.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
