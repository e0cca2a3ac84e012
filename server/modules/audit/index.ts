/**
 * The audit area: the append-only trail of admin changes and admin reads of personal
 * documents. Other areas write through `writeAudit`, in their own transaction.
 */
export { writeAudit } from './write';
