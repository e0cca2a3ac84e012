/**
 * Where mails go: an SMTP server (SMTP_URL) through nodemailer, or, on the embedded default,
 * one `.eml` file per mail in `DATA_DIR/mail/` (a complete RFC 5322 message built by
 * nodemailer's stream transport), so `npm start` needs no mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { RenderedMail } from './render';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Fixed per outbox row: the same on every attempt. */
  messageId: string;
  /** The outbox row's id (names the file). */
  id: string;
}

export interface MailChannel {
  /** Answers where it went (the file's path, or the SMTP server's answer). */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** SMTP time-outs: a hung server fails the attempt long before the lease ends. */
const SMTP_CONNECTION_TIMEOUT_MS = 15_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

export interface MailChannelConfig {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}

export function createMailChannel(config: MailChannelConfig): MailChannel {
  return config.smtpUrl === null
    ? fileChannel(config.mailFrom, path.join(config.dataDir, 'mail'))
    : smtpChannel(config.smtpUrl, config.mailFrom);
}

const message = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
});

function smtpChannel(smtpUrl: string, from: string): MailChannel {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(message(from, mail));
      return info.response;
    },
    close: () => transport.close(),
  };
}

function fileChannel(from: string, folder: string): MailChannel {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(message(from, mail));
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      // The time first, so a listing is in sending order; the row's id names the mail (a
      // resend after a crash writes a second file with the same Message-ID).
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${mail.id}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      return file;
    },
    close: () => undefined,
  };
}
