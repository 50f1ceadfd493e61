import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The server runs without SMTP_URL, as `npm start` does, so each mail is an .eml file in DATA_DIR/outbox
 * (E2E_DATA_DIR here), read back as a mail client would.
 */
const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Every mail to `email` whose subject starts with `subject` in the outbox now, oldest first. */
export async function mailsTo(email: string, subject = ''): Promise<ParsedMail[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const found: ParsedMail[] = [];
  for (const name of names.sort()) {
    const mail = await simpleParser(await readFile(path.join(outbox, name)));
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
