/**
 * Where mails go: an SMTP server (SMTP_URL) through nodemailer, or, on the embedded default,
 * one `.eml` file per mail in `DATA_DIR/mail/` (a complete RFC 5322 message built by
 * nodemailer's MailComposer), so `npm start` needs no mail server.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
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

/** Whether `error` is a file system error with `code`. */
const hasCode = (error: unknown, code: string) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === code;

/**
 * The `.eml` folder. The message is composed by nodemailer's MailComposer itself, the part of
 * `sendMail` that makes the RFC 5322 text: a transport's pipeline around it (plugins, header
 * normalising, a stream to collect) cost more than composing, and a file needs none of it.
 * The folder is made on the first mail, and again only when a write finds it gone (deleted
 * while the server runs), not before every mail.
 *
 * The file is written synchronously. A mail of a few kilobytes goes to the page cache in
 * about 35 µs of the event loop; the promise API's open, write and close, each a hop to the
 * thread pool and back, cost 0.2 to 1.2 ms of CPU per file here (`npm run bench:mail`), paid
 * beside the requests the server is answering.
 */
function fileChannel(from: string, folder: string): MailChannel {
  let folderMade = false;
  const makeFolder = () => {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    folderMade = true;
  };
  return {
    send: async (mail) => {
      const raw = await new MailComposer(message(from, mail)).compile().build();
      // The time first, so a listing is in sending order; the row's id names the mail (a
      // resend after a crash writes a second file with the same Message-ID).
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${mail.id}.eml`);
      if (!folderMade) makeFolder();
      try {
        fs.writeFileSync(file, raw, { mode: 0o600 });
      } catch (error) {
        if (!hasCode(error, 'ENOENT')) throw error;
        makeFolder();
        fs.writeFileSync(file, raw, { mode: 0o600 });
      }
      return file;
    },
    close: () => undefined,
  };
}
