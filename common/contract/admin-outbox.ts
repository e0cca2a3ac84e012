/**
 * The console's outbox room: GET /api/admin/outbox?page= (newest first) and
 * PUT /api/admin/resendMail/:id (a failed mail goes back in the queue; audited).
 */
import { array, enums, nullable, number, object, string, type Infer } from 'superstruct';
import { IsoDate } from './common';

/** Rows per page of the outbox. */
export const OUTBOX_PAGE_SIZE = 50;

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OutboxMail = object({
  _id: string(),
  /** verify_email, reset_password, password_changed, deposit_credited, … */
  kind: string(),
  recipient: string(),
  language: string(),
  status: enums(MAIL_STATUSES),
  attempts: number(),
  lastError: nullable(string()),
  createdAt: IsoDate,
  sentAt: nullable(IsoDate),
});
export type OutboxMail = Infer<typeof OutboxMail>;

export const OutboxPage = object({
  items: array(OutboxMail),
  page: number(),
  pageCount: number(),
  total: number(),
});
export type OutboxPage = Infer<typeof OutboxPage>;

export const ResendMailResponse = object({ message: string(), mail: OutboxMail });
export type ResendMailResponse = Infer<typeof ResendMailResponse>;
