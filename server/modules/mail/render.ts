/**
 * A mail's text and HTML from its kind, params and language. The HTML is one table of inline
 * styles, no remote image, no script; every value written into it is escaped.
 */
import { LANGUAGES, type Language } from '../../../common/rules';
import { MAIL_KINDS, type MailKind, type MailParams } from './kinds';
import { CATALOGS } from './templates';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailToRender {
  kind: string;
  language: string;
  params: Record<string, string>;
  /** The user's name for the greeting (null: the greeting is left out). */
  recipientName: string | null;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export function isMailKind(kind: string): kind is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(kind);
}

const languageOf = (language: string): Language =>
  (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';

/** Renders a stored mail; `publicUrl` is the base of its link (no trailing slash). */
export function renderMail(mail: MailToRender, publicUrl: string): RenderedMail {
  if (!isMailKind(mail.kind)) throw new Error(`Unknown mail kind "${mail.kind}"`);
  const catalog = CATALOGS[languageOf(mail.language)];
  // The row was written by enqueueMail from the same kind's params type.
  const template = catalog.kinds[mail.kind] as (
    params: MailParams[MailKind],
  ) => ReturnType<(typeof catalog.kinds)['verify_email']>;
  const content = template(mail.params as MailParams[MailKind]);
  const link = content.action ? `${publicUrl}${content.action.path}` : null;
  const greeting = mail.recipientName ? catalog.greeting(mail.recipientName) : null;

  const textParts = [
    ...(greeting ? [greeting] : []),
    ...content.paragraphs,
    ...(content.action && link ? [`${content.action.label}: ${link}`] : []),
    '--',
    catalog.footer,
  ];
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2430">${escapeHtml(text)}</p>`;
  const button =
    content.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#2f6df6;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#5b6270">${escapeHtml(catalog.linkFallback)}<br><a href="${escapeHtml(link)}" style="color:#2f6df6;word-break:break-all">${escapeHtml(link)}</a></p>`
      : '';
  const html =
    `<!doctype html><html lang="${languageOf(mail.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">` +
    `<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px"><tr><td style="padding:28px">` +
    `<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:#1f2430">TradeWallet</p>` +
    (greeting ? paragraph(greeting) : '') +
    content.paragraphs.map(paragraph).join('') +
    button +
    `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#8a90a0">${escapeHtml(catalog.footer)}</p>` +
    `</td></tr></table></body></html>`;
  return { subject: content.subject, text: textParts.join('\n\n'), html };
}
