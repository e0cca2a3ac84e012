/**
 * The mail area: the outbox (a mail is a row written in the transaction of its event), the
 * templates in five languages, the channel (SMTP or `.eml` files) and the sender the mail
 * job runs. Other areas call `enqueueMail(tx, { userId, kind, params })`.
 */
export { createMailChannel, type MailChannel } from './channel';
export {
  enqueueMail,
  prepareMail,
  type PreparedMail,
  findMail,
  listOutbox,
  requeueFailedMail,
  MAIL_MAX_ATTEMPTS,
  type OutboxRow,
} from './outbox';
export { sendDueMails } from './sender';
