import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, chatLimits, type Citation } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { ChatService } from './chat.service.ts';
import type { ModelTurn } from './model-client.ts';

const contentSchema = z.union([
  z.string(),
  z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()),
]);

const completionRequestSchema = z
  .object({
    model: z.string().optional(),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
            content: contentSchema.nullable(),
          })
          .loose(),
      )
      .min(1)
      .max(100),
    stream: z.boolean().optional(),
  })
  .loose()
  .meta({ id: 'ChatCompletionRequest' });

const completionResponseSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal('assistant'), content: z.string() }),
        finish_reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'ChatCompletion' });

function textOf(content: z.infer<typeof contentSchema> | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function sourcesLine(citations: Citation[]): string {
  return citations.length === 0
    ? ''
    : `\n\nSources: ${citations.map((c) => `[${c.index}] ${c.title}`).join('; ')}`;
}

/**
 * An OpenAI-compatible chat-completions endpoint, so standard OpenAI clients can talk to Vale. The last
 * user message is the question; earlier user and assistant turns are context; answers stay grounded and
 * list their sources at the end. Counts against the caller's daily quota.
 */
export const openAiCompatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  // Standard clients append /chat/completions to their base URL, so both paths answer.
  for (const url of ['/api/chat/openai', '/api/chat/openai/chat/completions']) {
    app.post(
      url,
      {
        config: { access: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['chat'],
          summary: 'OpenAI-compatible chat completions (streaming and not), grounded in the knowledge base',
          body: completionRequestSchema,
          response: {
            200: completionResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.auth) throw new HttpError(401);
        const turns = request.body.messages
          .filter((message) => message.role === 'user' || message.role === 'assistant')
          .map((message) => ({
            role: message.role as 'user' | 'assistant',
            content: textOf(message.content),
          }));
        const question = turns.at(-1);
        if (!question || question.role !== 'user' || question.content.trim() === '') {
          throw new HttpError(400, 'The last message must be a non-empty user message.');
        }
        if (question.content.length > chatLimits.messageMaxChars) {
          throw new HttpError(400, `Keep messages under ${chatLimits.messageMaxChars} characters.`);
        }
        const member = { id: request.auth.user.id, role: request.auth.user.role };
        const history: ModelTurn[] = turns.slice(0, -1);
        const { answer } = await chat.askDirect(member, question.content, history);
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);
        const model = 'vale';

        if (!request.body.stream) {
          const result = await answer.finished;
          return {
            id,
            object: 'chat.completion' as const,
            created,
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant' as const, content: result.text + sourcesLine(result.citations) },
                finish_reason: 'stop',
              },
            ],
          };
        }

        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
        });
        const chunk = (delta: Record<string, string>, finishReason: string | null) =>
          response.write(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
          );
        chunk({ role: 'assistant', content: '' }, null);
        if (answer.text) chunk({ content: answer.text }, null);
        const finish = () => {
          chunk({ content: sourcesLine(answer.citations) }, null);
          chunk({}, 'stop');
          response.end('data: [DONE]\n\n');
        };
        if (answer.status !== 'streaming') return finish();
        const unsubscribe = answer.subscribe((event) => {
          if (event.type === 'token') chunk({ content: event.text }, null);
          else finish();
        });
        response.on('close', () => {
          unsubscribe();
          answer.stop();
        });
      },
    );
  }
};
