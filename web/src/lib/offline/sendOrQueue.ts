import { request, type ResponseSchema } from '../http/client.ts';
import { apiUrl } from '../http/client.ts';
import { NetworkError, TimeoutError } from '../http/errors.ts';
import type { OfflineQueueItem, QueueItemInput, QueueMethod } from './queueRules.ts';
import { connectivity, offlineQueue } from './runtime.ts';

export interface SendOrQueueInput<T> {
  method: QueueMethod;
  /** The API path, as for `request` ("/log-error"). */
  path: string;
  body?: unknown;
  schema: ResponseSchema<T>;
  /** What kind of action (e.g. "error-log"). */
  type: string;
  /** What the user did, shown in the queue ("Connect with Acme"). */
  description: string;
  priority?: QueueItemInput['priority'];
  maxRetries?: number;
  /** SPEC §8 "Saved for Later" when queued; true unless said otherwise. */
  notify?: boolean;
  /** Null for actions that belong to no session (error reports); the signed-in user otherwise. */
  ownerId?: string | null;
  auth?: boolean;
  /**
   * Queued items this write builds on (a comment on a post still in the queue): while any is queued, this
   * write is queued behind it too, even online, and sent once it has gone through.
   */
  dependsOn?: string[];
}

export type SendOrQueueResult<T> = { status: 'sent'; data: T } | { status: 'queued'; item: OfflineQueueItem };

/** The write may or may not have reached the server: the queue replays it with the same key. */
function answerLost(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof TimeoutError && error.reason === 'timeout');
}

/**
 * A write that is never lost (SPEC §4 queued actions): sent now when online, queued when offline or when
 * the answer never came. One idempotency key covers the first try and every replay, so the server applies
 * it once (a replay after a lost answer gets the stored answer). Other failures (validation, permission)
 * reject as usual.
 */
export async function sendOrQueue<T>(input: SendOrQueueInput<T>): Promise<SendOrQueueResult<T>> {
  const idempotencyKey = crypto.randomUUID();
  const enqueue = async (): Promise<SendOrQueueResult<T>> => ({
    status: 'queued',
    item: await offlineQueue.enqueue(
      {
        type: input.type,
        url: apiUrl(input.path),
        method: input.method,
        data: input.body,
        priority: input.priority,
        maxRetries: input.maxRetries,
        description: input.description,
        idempotencyKey,
        ownerId: input.ownerId,
        dependsOn: input.dependsOn,
      },
      { notify: input.notify },
    ),
  });
  if (!connectivity.getState().online) return enqueue();
  const queued = new Set(offlineQueue.getSnapshot().map((item) => item.id));
  if (input.dependsOn?.some((id) => queued.has(id))) {
    const result = await enqueue();
    void offlineQueue.process();
    return result;
  }
  try {
    const data = await request(input.path, {
      method: input.method,
      body: input.body,
      schema: input.schema,
      idempotencyKey,
      auth: input.auth,
      retry: false,
    });
    return { status: 'sent', data };
  } catch (error) {
    if (answerLost(error)) return enqueue();
    throw error;
  }
}
