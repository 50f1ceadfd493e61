/**
 * Vale: conversations, streamed answers grounded in the knowledge base, the daily quota, and an
 * OpenAI-compatible endpoint. Answers in flight are cut off and saved before the database closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ValeInstruments } from '../../plugins/prometheus.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { EventBus } from '../events/index.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { createModelClient } from './model-client.ts';
import { openAiCompatRoutes } from './openai-compat.routes.ts';
import { createQuota } from './quota.ts';

export async function register(
  app: App,
  {
    db,
    config,
    events,
    log,
    vale,
  }: { db: Database; config: Config; events: EventBus; log: FastifyBaseLogger; vale?: ValeInstruments },
): Promise<void> {
  const quota = createQuota(db, config);
  const model = config.VALE_BASE_URL
    ? createModelClient({
        baseURL: config.VALE_BASE_URL,
        apiKey: config.VALE_API_KEY,
        model: config.VALE_MODEL,
      })
    : null;
  const chat = createChatService({ db, config, quota, model, events, log, vale });
  // Before the server waits for open responses: answers in flight are cut off and saved, which ends
  // their streams, and all before the database closes.
  app.addHook('preClose', () => chat.drain());
  // Answers a stopped process left 'streaming' are closed at start (chat.service.ts says which).
  app.addHook('onReady', () => chat.watchAbandoned());
  await app.register(inRootContext(chatRoutes), { db, chat, quota });
  await app.register(inRootContext(openAiCompatRoutes), { chat });
}
