import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { RenderedMail } from './message.ts';

/** Hands one rendered message on; throws when it was not accepted (the job queue retries). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: RenderedMail & { link?: string | undefined }): Promise<void>;
  close(): void;
}

/** Through an SMTP server (`smtp://…` or `smtps://…`), with nodemailer's own time-outs. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * The embedded default: each message as an .eml file in `dir`, named so that a listing reads oldest
 * first, and its link logged, so a laptop without a mail server can still follow it.
 */
export function outboxTransport(
  dir: string,
  logLink: (to: string, subject: string, link: string) => void,
): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async deliver(mail) {
      const info = await composer.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
      if (mail.link) logLink(mail.to, mail.subject, mail.link);
    },
    close() {},
  };
}
