/**
 * Outgoing mail (issue 47.1, decision 0058). A module queues a message by kind with `enqueue`; the job
 * queue composes it (with the module's `define`d composer) and sends it on one instance, retrying with
 * growing delays, and records a dead letter when the last retry fails. Never sent inside a request.
 * Through SMTP when `SMTP_URL` is set; otherwise into DATA_DIR/outbox with each link logged.
 */
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { JobQueue, QueuedJob } from '../jobs/index.ts';
import { deadLetterRoutes } from './dead-letters.routes.ts';
import { insertDeadLetter, isVerifiedAddress } from './mail.repo.ts';
import { renderMail, type MailMessage } from './message.ts';
import { outboxTransport, smtpTransport, type MailTransport } from './transport.ts';

export { productName, renderMail, type MailMessage, type RenderedMail } from './message.ts';
export type { MailTransport } from './transport.ts';

export const mailQueue = 'mail.send';

/** Six attempts: at once, then about 20 s, 40 s, 80 s, 160 s and 320 s later (10 minutes in all). */
export const defaultRetry = { retryLimit: 5, retryDelaySeconds: 20, pollSeconds: 1 };

interface MailJob {
  kind: string;
  data: Record<string, unknown>;
}

/** A composed message, and what to record once the transport accepted it (what it told the member). */
export type ComposedMail = MailMessage & { afterSend?: () => Promise<void> };

export interface Mail {
  /**
   * How a kind of message is composed when its job runs (not when it is queued, so a secret it carries,
   * such as a reset link, exists nowhere but in the message). Null: nothing to send.
   */
  define<T extends Record<string, unknown>>(
    kind: string,
    compose: (data: T) => Promise<ComposedMail | null>,
  ): void;
  /**
   * Queues a message; the job queue composes and sends it. Resolves once the job is stored. With
   * `startAfterSeconds`, it is composed (and may find nothing left to say) no sooner than that.
   */
  enqueue(
    kind: string,
    data: Record<string, unknown>,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /** An absolute link into the app (PUBLIC_URL, or localhost on PORT). */
  link(pathname: string): string;
  readonly transport: MailTransport['kind'];
}

export interface MailDependencies {
  db: Database;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'PORT' | 'DATA_DIR'>;
  jobs: JobQueue;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** Tests shorten the retries. */
  retry?: { retryLimit: number; retryDelaySeconds: number; pollSeconds?: number };
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMail({ db, config, jobs, log, retry = defaultRetry }: MailDependencies) {
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : outboxTransport(outboxDir(config.DATA_DIR), (to, subject, link) =>
        log.info({ to, subject, link }, `mail written to the outbox: ${link}`),
      );
  const composers = new Map<string, (data: Record<string, unknown>) => Promise<ComposedMail | null>>();
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

  async function send(job: QueuedJob<MailJob>) {
    const { kind, data } = job.data;
    let recipient: string | null = null;
    try {
      const compose = composers.get(kind);
      if (!compose) throw new Error(`no composer for mail of kind ${kind}`);
      const message = await compose(data);
      if (!message) return;
      recipient = message.to;
      // Only security mail (verification, password resets) goes to an address nobody proved is theirs
      // (decision 0084): checked here, at sending, whichever module queued the message.
      if (!message.security && !(await isVerifiedAddress(db, message.to))) {
        log.info({ kind, jobId: job.id }, 'mail not sent: the address is not verified');
        return;
      }
      await transport.deliver({ ...renderMail(message, config.MAIL_FROM), link: message.action?.url });
      await message.afterSend?.();
    } catch (error) {
      if (job.lastAttempt) {
        const reason = error instanceof Error ? error.message : String(error);
        await insertDeadLetter(db, {
          jobId: job.id,
          kind,
          recipient,
          data,
          attempts: job.retryCount + 1,
          error: reason.slice(0, 2000),
        });
        log.error(
          { err: error, kind, jobId: job.id },
          'mail given up after its last retry: dead letter recorded',
        );
      }
      throw error;
    }
  }

  jobs.queue<MailJob>(mailQueue, retry, send);

  const mail: Mail = {
    define(kind, compose) {
      composers.set(kind, compose as (data: Record<string, unknown>) => Promise<ComposedMail | null>);
    },
    async enqueue(kind, data, options) {
      await jobs.send(mailQueue, { kind, data } satisfies MailJob, options);
    },
    link(pathname) {
      return `${origin}${pathname}`;
    },
    transport: transport.kind,
  };
  return { mail, close: () => transport.close() };
}

export async function register(
  app: App,
  deps: Omit<MailDependencies, 'log'> & { config: MailDependencies['config'] & Pick<Config, 'NODE_ENV'> },
): Promise<Mail> {
  const { mail, close } = createMail({ ...deps, log: app.log });
  await app.register(inRootContext(deadLetterRoutes), {
    db: deps.db,
    enqueue: (kind, data) => mail.enqueue(kind, data),
  });
  app.addHook('onReady', async () => {
    if (mail.transport === 'smtp') return;
    const where = outboxDir(deps.config.DATA_DIR);
    if (deps.config.NODE_ENV === 'production') {
      app.log.warn(`SMTP_URL is not set: mail is written to ${where}, and nothing reaches members`);
    } else {
      app.log.info(`SMTP_URL is not set: mail is written to ${where} and each link is logged`);
    }
  });
  app.addHook('onClose', async () => close());
  return mail;
}
