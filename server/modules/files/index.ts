/**
 * The files area: uploads judged by content and re-encoded, stored encrypted, read through
 * signed links. Deposits and KYC claim uploads; the app decorates `fileLinks`.
 */
export {
  claimUpload,
  parseFileUrl,
  UNCLAIMED_UPLOAD_TTL_MS,
  UPLOAD_NOT_FOUND_MESSAGE,
} from './claims';
export { createFileLinks, fileUrlOf } from './links';
export { fileRoutes } from './routes';
export { fileStoreFor, type FileStore } from './storage';
