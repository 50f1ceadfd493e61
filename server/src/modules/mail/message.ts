/**
 * What a message says, and its rendering as plain text and HTML with the product's name: a pure core
 * (no I/O), tested directly. Every message that is not about the account's security carries a one-click
 * unsubscribe (RFC 8058); a security message (a password reset) never does, so nobody can switch it off.
 */
export const productName = 'Uplift';

interface MessageBase {
  to: string;
  subject: string;
  /** The greeting's name. */
  recipientName: string;
  /** Paragraphs of plain text, before and after the action. */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare link in plain text. */
  action?: { label: string; url: string };
  footnote?: string;
}

/** About the account itself (password reset, later email verification): always sent, never unsubscribed from. */
export interface SecurityMessage extends MessageBase {
  security: true;
}

/** Everything else: the member may stop it with one click (the RFC 8058 POST to `unsubscribeUrl`). */
export interface OptionalMessage extends MessageBase {
  security: false;
  unsubscribeUrl: string;
}

export type MailMessage = SecurityMessage | OptionalMessage;

export interface RenderedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

export function renderMail(message: MailMessage, from: string): RenderedMail {
  const greeting = `Hello ${message.recipientName},`;
  const text = [
    greeting,
    '',
    ...message.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(message.action ? [`${message.action.label}:`, message.action.url, ''] : []),
    ...(message.footnote ? [message.footnote, ''] : []),
    `— ${productName}`,
    ...(message.security ? [] : ['', `Stop these emails: ${message.unsubscribeUrl}`]),
  ].join('\n');

  const action = message.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(message.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(message.action.label)}</a></p>
<p style="font-size:14px;color:#475569">Or copy this link into your browser: <a href="${escapeHtml(message.action.url)}">${escapeHtml(message.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">${productName}</p>
<p>${escapeHtml(greeting)}</p>
${message.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
${message.footnote ? `<p style="font-size:14px;color:#475569">${escapeHtml(message.footnote)}</p>` : ''}
${message.security ? '' : `<p style="font-size:12px;color:#64748b"><a href="${escapeHtml(message.unsubscribeUrl)}">Stop these emails</a></p>`}
</div></body></html>`;

  const headers: Record<string, string> = message.security
    ? {}
    : {
        'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
  return { from, to: message.to, subject: `${message.subject} · ${productName}`, text, html, headers };
}
