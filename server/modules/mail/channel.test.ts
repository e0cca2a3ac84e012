/**
 * The `.eml` channel: one complete RFC 5322 message per mail (composed by nodemailer), named
 * by time and row id, mode 0600 in a folder of mode 0700; the folder is made once, and made
 * again when it was deleted between two mails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailChannel, type MailChannel } from './channel';

let dataDir: string;
let channel: MailChannel;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-channel-'));
  channel = createMailChannel({
    smtpUrl: null,
    mailFrom: 'TradeWallet <no-reply@example.com>',
    dataDir,
  });
});

afterEach(() => {
  channel.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mail = (id: string) => ({
  id,
  to: 'reader@example.com',
  messageId: `<${id}@tradewallet.mail>`,
  subject: 'Überweisung erhalten',
  text: 'Du hast 1.250000 USDT von sam erhalten.',
  html: '<p>Du hast 1.250000 USDT von sam erhalten.</p>',
});

const ID_1 = '11111111-1111-4111-8111-111111111111';
const ID_2 = '22222222-2222-4222-8222-222222222222';
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the .eml channel', () => {
  it('writes a complete message per mail, mode 0600 in a folder of mode 0700', async () => {
    const file = await channel.send(mail(ID_1));
    expect(path.dirname(file)).toBe(path.join(dataDir, 'mail'));
    expect(path.basename(file)).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-${ID_1}\\.eml$`),
    );
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).toMatch(/^From: TradeWallet <no-reply@example\.com>\r$/m);
    expect(raw).toMatch(/^To: reader@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?=C3=9Cberweisung_erhalten\?=\r$/m);
    expect(raw).toMatch(new RegExp(`^Message-ID: <${ID_1}@tradewallet\\.mail>\\r$`, 'm'));
    expect(raw).toMatch(/^Date: .+ \+0000\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\n[^]*Du hast 1\.250000 USDT/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8\r\n[^]*<p>Du hast/);
  });

  it('makes the folder again when it was deleted between two mails', async () => {
    const first = await channel.send(mail(ID_1));
    fs.rmSync(path.dirname(first), { recursive: true });
    const second = await channel.send(mail(ID_2));
    expect(fs.readFileSync(second, 'utf8')).toContain(`Message-ID: <${ID_2}@tradewallet.mail>`);
    expect(modeOf(path.dirname(second))).toBe(0o700);
    expect(fs.readdirSync(path.dirname(second))).toHaveLength(1);
  });

  it('fails the send when the folder cannot be made (a file is in its place)', async () => {
    await channel.send(mail(ID_1));
    fs.rmSync(path.join(dataDir, 'mail'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'mail'), 'not a folder');
    await expect(channel.send(mail(ID_2))).rejects.toThrow();
  });
});
