import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** The first message (already received or still to come) that `match` accepts. */
  next(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** While true, every message is refused with a temporary failure (451), as a mail server down. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server in this process (the `smtp-server` package), without TLS or authentication. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const waiters = new Set<() => void>();
  const state: TestSmtp = {
    url: '',
    received: [],
    refusing: false,
    next(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = state.received.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(onArrival);
          resolve(found);
          return true;
        };
        const onArrival = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onArrival);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${state.received.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(onArrival);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refusing) {
        stream.resume();
        stream.on('end', () => {
          const error = new Error('mailbox unavailable, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          for (const waiter of waiters) waiter();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}

/** The address a reset mail's link points at, and the token in its fragment. */
export function resetLinkIn(mail: ParsedMail): { url: URL; token: string } {
  const match = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '' };
}

/** The token of the address-proving link (`/verify-email#token=…`) a verification mail carries. */
export function verificationTokenIn(mail: ParsedMail): string {
  const match = /https?:\/\/\S+\/verify-email#token=([\w-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in: ${mail.text}`);
  return match[1];
}

/** Whether one of the mail's recipients is `email`. */
export function isTo(mail: ParsedMail, email: string): boolean {
  return mail.to !== undefined && JSON.stringify(mail.to).toLowerCase().includes(email.toLowerCase());
}
