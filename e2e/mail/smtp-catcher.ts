/**
 * The mail server the end-to-end server sends to (its SMTP_URL, playwright.config.ts): a real SMTP server
 * (the `smtp-server` package, as server/test/smtp.ts), run as a second webServer beside the app. It keeps
 * each message it accepts, exactly as it arrived, as an .eml file in E2E_MAILBOX_DIR, which
 * tests/support/mailbox.ts reads back as a mail client would (decision 0126).
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { smtpPort } from '../native/ports.ts';

const mailbox = process.env.E2E_MAILBOX_DIR;
if (!mailbox) throw new Error('E2E_MAILBOX_DIR is not set (playwright.config.ts sets it)');

let received = 0;

const server = new SMTPServer({
  // Loopback only and no credentials: the e2e server connects without TLS or AUTH, as in the server tests.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // The client is always this machine: nothing to learn from asking DNS who 127.0.0.1 is.
  disableReverseLookup: true,
  onData(stream, _session, callback) {
    buffer(stream)
      .then(async (message) => {
        // Zero-padded so that a listing reads in order of arrival; written then renamed, so a test polling
        // the folder never reads half a message.
        const name = `${String(++received).padStart(6, '0')}.eml`;
        const partial = path.join(mailbox, `.${name}.partial`);
        await writeFile(partial, message);
        await rename(partial, path.join(mailbox, name));
      })
      // Accepted (250) only once it is on disk: a failure is a temporary refusal, which the server retries.
      .then(() => callback())
      .catch((error: Error) => callback(error));
  },
});

server.on('error', (error) => console.error('smtp-catcher:', error));
server.listen(smtpPort, '127.0.0.1', () => console.log(`smtp-catcher: listening on 127.0.0.1:${smtpPort}`));
// Nothing to flush when Playwright kills it at the end of the run: a message is on disk before it is accepted.
