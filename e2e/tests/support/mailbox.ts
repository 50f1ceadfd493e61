import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The e2e server sends its mail over SMTP (its SMTP_URL, playwright.config.ts) to a real SMTP server,
 * mail/smtp-catcher.ts, which keeps each message as it arrived as an .eml file in E2E_MAILBOX_DIR; read
 * back here as a mail client would (decision 0126).
 */
const mailbox = process.env.E2E_MAILBOX_DIR ?? '';

/**
 * Messages already read, by file name: every member the suite registers is mailed a link, so the folder
 * holds hundreds of messages by the end of a run, and a poll parses only those it has not seen.
 */
const parsed = new Map<string, ParsedMail>();

async function readMessage(name: string): Promise<ParsedMail> {
  let mail = parsed.get(name);
  if (!mail) {
    mail = await simpleParser(await readFile(path.join(mailbox, name)));
    parsed.set(name, mail);
  }
  return mail;
}

/** Every mail to `email` whose subject starts with `subject` that reached the SMTP server, oldest first. */
export async function mailsTo(email: string, subject = ''): Promise<ParsedMail[]> {
  // Only whole messages: the catcher renames each into place once written.
  const names = (await readdir(mailbox)).filter((name) => name.endsWith('.eml'));
  const found: ParsedMail[] = [];
  for (const name of names.sort()) {
    const mail = await readMessage(name);
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((address) => address.text.includes(email)) && (mail.subject ?? '').startsWith(subject))
      found.push(mail);
  }
  return found;
}

/**
 * The latest mail to `email` whose subject starts with `subject`, waiting for it to arrive (for up to
 * `timeout` ms: a ceiling on waiting, never a timing assertion).
 */
export async function mailTo(
  email: string,
  subject = '',
  { timeout = 30_000 }: { timeout?: number } = {},
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email, subject)).at(-1);
        return found !== undefined;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The path and fragment of the first link to `pathname` in the mail's plain text. */
export function linkIn(mail: ParsedMail, pathname: string): string {
  const link = new RegExp(`https?://\\S+${pathname}#token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}
