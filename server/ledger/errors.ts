/**
 * The ledger's refusals, as plain errors: the domain knows nothing of HTTP. The http layer's
 * error handler answers each with its status and code (http/error-handler.ts).
 */

/**
 * A user wallet cannot pay: the change would take it below zero or below its holds. Nothing
 * was posted. The message is shown to the user; a route may give a more precise one.
 */
export class InsufficientFundsError extends Error {
  constructor(message = 'Your available balance is too low for this.') {
    super(message);
    this.name = 'InsufficientFundsError';
  }
}
