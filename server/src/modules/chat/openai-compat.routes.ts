import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatLimits, type Citation } from '@uplift/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { ChatService } from './chat.service.ts';
import type { LiveAnswer } from './live-answer.ts';
import type { ModelTurn, ModelUsage } from './model-client.ts';
import { modelNotFound, openAiErrorHandler, openAiErrorSchema, OpenAiRequestError } from './openai-errors.ts';
import { usageOf } from './token-usage.ts';

/** The one model this API serves: Vale, grounded in the knowledge base. */
const valeModel = 'vale';
/** When Vale's API opened (decision 0006): the `created` of its model. */
const valeCreated = Date.UTC(2026, 10, 20) / 1000;

/**
 * The base URLs a client may be given: `/api/chat/openai/v1` (as OpenAI's own, `…/v1`), and the shorter
 * one the README gave first. Each path below is served under both.
 */
const bases = ['/api/chat/openai', '/api/chat/openai/v1'];

const textPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();
const contentSchema = z.union([z.string(), z.array(textPartSchema)]);

const completionRequestSchema = z
  .object({
    model: z.string().optional(),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
            content: contentSchema.nullable().optional(),
          })
          .loose(),
      )
      .min(1)
      .max(100),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
  })
  .loose()
  .meta({ id: 'ChatCompletionRequest' });

const completionUsageSchema = z
  .object({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  })
  .meta({ id: 'CompletionUsage' });

const completionResponseSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
        logprobs: z.null(),
        finish_reason: z.string(),
      }),
    ),
    usage: completionUsageSchema,
  })
  .meta({
    id: 'ChatCompletion',
    description:
      'With `stream: true` the answer comes as server-sent `chat.completion.chunk` events instead, ending with `[DONE]`; `stream_options.include_usage` adds a last chunk with the usage.',
  });

const modelSchema = z
  .object({
    id: z.string(),
    object: z.literal('model'),
    created: z.number().int(),
    owned_by: z.string(),
  })
  .meta({ id: 'OpenAIModel' });

const modelListSchema = z
  .object({ object: z.literal('list'), data: z.array(modelSchema) })
  .meta({ id: 'OpenAIModelList' });

const responseInputItemSchema = z
  .object({
    type: z.string().optional(),
    role: z.string().optional(),
    content: contentSchema.nullable().optional(),
  })
  .loose();

const responseRequestSchema = z
  .object({
    model: z.string().optional(),
    input: z.union([z.string(), z.array(responseInputItemSchema).min(1).max(100)]),
    instructions: z.string().nullable().optional(),
    previous_response_id: z.string().nullable().optional(),
    stream: z.boolean().nullable().optional(),
  })
  .loose()
  .meta({ id: 'ResponseRequest' });

const outputMessageSchema = z.object({
  type: z.literal('message'),
  id: z.string(),
  status: z.enum(['in_progress', 'completed']),
  role: z.literal('assistant'),
  content: z.array(
    z.object({ type: z.literal('output_text'), text: z.string(), annotations: z.array(z.never()) }),
  ),
});

const responseUsageSchema = z.object({
  input_tokens: z.number().int(),
  input_tokens_details: z.object({ cached_tokens: z.number().int() }),
  output_tokens: z.number().int(),
  output_tokens_details: z.object({ reasoning_tokens: z.number().int() }),
  total_tokens: z.number().int(),
});

const responseSchema = z
  .object({
    id: z.string(),
    object: z.literal('response'),
    created_at: z.number().int(),
    status: z.enum(['in_progress', 'completed']),
    model: z.string(),
    output: z.array(outputMessageSchema),
    usage: responseUsageSchema.nullable(),
    error: z.null(),
    incomplete_details: z.null(),
    instructions: z.null(),
    parallel_tool_calls: z.boolean(),
    tool_choice: z.literal('none'),
    tools: z.array(z.never()),
    store: z.boolean(),
    metadata: z.record(z.string(), z.string()),
  })
  .meta({
    id: 'OpenAIResponse',
    description:
      'With `stream: true` the response comes as server-sent Responses API events instead (`response.created` … `response.output_text.delta` … `response.completed`, which carries the usage).',
  });

type ResponseObject = z.infer<typeof responseSchema>;

const openAiErrors = {
  400: openAiErrorSchema,
  401: openAiErrorSchema,
  404: openAiErrorSchema,
  429: openAiErrorSchema,
};

function textOf(content: z.infer<typeof contentSchema> | null | undefined): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function sourcesLine(citations: Citation[]): string {
  return citations.length === 0
    ? ''
    : `\n\nSources: ${citations.map((c) => `[${c.index}] ${c.title}`).join('; ')}`;
}

/** The last turn is the question; earlier user and assistant turns are context (system text is Vale's own). */
function questionOf(turns: ModelTurn[], param: string) {
  const question = turns.at(-1);
  if (!question || question.role !== 'user' || question.content.trim() === '') {
    throw new OpenAiRequestError(
      400,
      'The last message must be a non-empty user message.',
      'invalid_value',
      param,
    );
  }
  if (question.content.length > chatLimits.messageMaxChars) {
    throw new OpenAiRequestError(
      400,
      `Keep messages under ${chatLimits.messageMaxChars} characters.`,
      'string_above_max_length',
      param,
    );
  }
  return { question: question.content, history: turns.slice(0, -1) };
}

const isTurnRole = (role: unknown): role is 'user' | 'assistant' => role === 'user' || role === 'assistant';

function checkModel(model: string | undefined) {
  if (model !== undefined && model !== valeModel) throw modelNotFound(model);
}

/** Opens a server-sent event stream on the raw response, with the headers the reply had gathered. */
function openStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  return response;
}

/**
 * Hands the answer's text to `onText` as it comes (what it has so far first), then calls `onEnd` once.
 * A client that leaves stops the answer: nothing is stored for this API.
 */
function follow(
  answer: LiveAnswer,
  response: ServerResponse,
  onText: (text: string) => void,
  onEnd: () => Promise<void>,
) {
  const end = () =>
    onEnd().catch((error: unknown) => {
      response.destroy(error as Error);
    });
  if (answer.text) onText(answer.text);
  if (answer.status !== 'streaming') return void end();
  const unsubscribe = answer.subscribe((event) => {
    if (event.type === 'token') onText(event.text);
    else void end();
  });
  response.on('close', () => {
    unsubscribe();
    answer.stop();
  });
}

const completionUsage = (usage: ModelUsage) => ({
  prompt_tokens: usage.promptTokens,
  completion_tokens: usage.completionTokens,
  total_tokens: usage.totalTokens,
});

const responseUsage = (usage: ModelUsage) => ({
  input_tokens: usage.promptTokens,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: usage.completionTokens,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: usage.totalTokens,
});

/**
 * Vale as an OpenAI-compatible API, so standard clients (the `openai` package, the AI SDK, Open WebUI)
 * can talk to it: chat completions, the Responses API and the model list, streaming and not, with token
 * usage and OpenAI's error shape. Answers stay grounded and list their sources at the end. Every answer
 * counts against the caller's daily quota; nothing is stored.
 */
export const openAiCompatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const ask = (request: FastifyRequest, question: string, history: ModelTurn[]) => {
    if (!request.auth) throw new HttpError(401);
    const user = request.auth.user;
    return chat.askDirect({ id: user.id, role: user.role }, question, history);
  };

  const completionUrls = ['/api/chat/openai', ...bases.map((base) => `${base}/chat/completions`)];
  for (const url of completionUrls) {
    app.post(
      url,
      {
        config: { access: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
        errorHandler: openAiErrorHandler,
        schema: {
          tags: ['chat'],
          summary: 'OpenAI-compatible chat completions (streaming and not), grounded in the knowledge base',
          body: completionRequestSchema,
          response: { 200: completionResponseSchema, ...openAiErrors },
        },
      },
      async (request, reply) => {
        checkModel(request.body.model);
        const turns = request.body.messages
          .filter((message) => isTurnRole(message.role))
          .map((message) => ({
            role: message.role as 'user' | 'assistant',
            content: textOf(message.content),
          }));
        const { question, history } = questionOf(turns, 'messages');
        const { answer } = await ask(request, question, history);
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);

        if (!request.body.stream) {
          const result = await answer.finished;
          const content = result.text + sourcesLine(result.citations);
          return {
            id,
            object: 'chat.completion' as const,
            created,
            model: valeModel,
            choices: [
              {
                index: 0,
                message: { role: 'assistant' as const, content, refusal: null },
                logprobs: null,
                finish_reason: 'stop',
              },
            ],
            usage: completionUsage(await usageOf(answer, content)),
          };
        }

        const includeUsage = request.body.stream_options?.include_usage === true;
        const response = openStream(reply);
        const send = (fields: object) =>
          response.write(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: valeModel, ...fields, ...(includeUsage && !('usage' in fields) ? { usage: null } : {}) })}\n\n`,
          );
        const choice = (delta: Record<string, string>, finishReason: string | null) =>
          send({ choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
        let sent = '';
        const text = (part: string) => {
          if (part === '') return;
          sent += part;
          choice({ content: part }, null);
        };
        choice({ role: 'assistant', content: '' }, null);
        follow(answer, response, text, async () => {
          text(sourcesLine(answer.citations));
          choice({}, 'stop');
          // The usage comes last, in a chunk of its own without choices, as OpenAI sends it.
          if (includeUsage) send({ choices: [], usage: completionUsage(await usageOf(answer, sent)) });
          response.end('data: [DONE]\n\n');
        });
      },
    );
  }

  for (const base of bases) {
    app.get(
      `${base}/models`,
      {
        config: { access: 'auth' },
        errorHandler: openAiErrorHandler,
        schema: {
          tags: ['chat'],
          summary: 'The models of the OpenAI-compatible API: only `vale`',
          response: { 200: modelListSchema, 401: openAiErrorSchema },
        },
      },
      () => ({
        object: 'list' as const,
        data: [{ id: valeModel, object: 'model' as const, created: valeCreated, owned_by: 'uplift' }],
      }),
    );

    app.get(
      `${base}/models/:model`,
      {
        config: { access: 'auth' },
        errorHandler: openAiErrorHandler,
        schema: {
          tags: ['chat'],
          summary: 'One model of the OpenAI-compatible API (`vale`); any other is 404 `model_not_found`',
          params: z.object({ model: z.string() }),
          response: { 200: modelSchema, 401: openAiErrorSchema, 404: openAiErrorSchema },
        },
      },
      (request) => {
        checkModel(request.params.model);
        return { id: valeModel, object: 'model' as const, created: valeCreated, owned_by: 'uplift' };
      },
    );

    app.post(
      `${base}/responses`,
      {
        config: { access: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
        errorHandler: openAiErrorHandler,
        schema: {
          tags: ['chat'],
          summary: 'OpenAI-compatible Responses API (streaming and not), grounded in the knowledge base',
          body: responseRequestSchema,
          response: { 200: responseSchema, ...openAiErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        checkModel(body.model);
        if (body.previous_response_id) {
          throw new OpenAiRequestError(
            400,
            'Responses are not stored here: send the earlier turns in `input` instead.',
            'unsupported_parameter',
            'previous_response_id',
          );
        }
        // Messages only (a bare `{role, content}` is one too); tool calls and other items are not Vale's.
        const turns: ModelTurn[] =
          typeof body.input === 'string'
            ? [{ role: 'user', content: body.input }]
            : body.input
                .filter(
                  (item) => (item.type === undefined || item.type === 'message') && isTurnRole(item.role),
                )
                .map((item) => ({ role: item.role as 'user' | 'assistant', content: textOf(item.content) }));
        const { question, history } = questionOf(turns, 'input');
        const { answer } = await ask(request, question, history);
        const id = `resp_${randomUUID().replaceAll('-', '')}`;
        const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
        const createdAt = Math.floor(Date.now() / 1000);
        const message = (text: string, status: 'in_progress' | 'completed') => ({
          type: 'message' as const,
          id: messageId,
          status,
          role: 'assistant' as const,
          content: status === 'completed' ? [{ type: 'output_text' as const, text, annotations: [] }] : [],
        });
        const responseObject = (
          status: 'in_progress' | 'completed',
          output: ResponseObject['output'],
          usage: ModelUsage | null,
        ): ResponseObject => ({
          id,
          object: 'response',
          created_at: createdAt,
          status,
          model: valeModel,
          output,
          usage: usage ? responseUsage(usage) : null,
          error: null,
          incomplete_details: null,
          instructions: null,
          parallel_tool_calls: false,
          tool_choice: 'none',
          tools: [],
          store: false,
          metadata: {},
        });

        if (!body.stream) {
          const result = await answer.finished;
          const text = result.text + sourcesLine(result.citations);
          return responseObject('completed', [message(text, 'completed')], await usageOf(answer, text));
        }

        const response = openStream(reply);
        let sequence = 0;
        const send = (type: string, fields: object) =>
          response.write(
            `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`,
          );
        const at = { item_id: messageId, output_index: 0, content_index: 0 };
        send('response.created', { response: responseObject('in_progress', [], null) });
        send('response.in_progress', { response: responseObject('in_progress', [], null) });
        send('response.output_item.added', { output_index: 0, item: message('', 'in_progress') });
        send('response.content_part.added', {
          ...at,
          part: { type: 'output_text', text: '', annotations: [] },
        });
        let sent = '';
        const text = (part: string) => {
          if (part === '') return;
          sent += part;
          send('response.output_text.delta', { ...at, delta: part, logprobs: [] });
        };
        follow(answer, response, text, async () => {
          text(sourcesLine(answer.citations));
          const usage = await usageOf(answer, sent);
          const done = message(sent, 'completed');
          send('response.output_text.done', { ...at, text: sent, logprobs: [] });
          send('response.content_part.done', { ...at, part: done.content[0] });
          send('response.output_item.done', { output_index: 0, item: done });
          send('response.completed', { response: responseObject('completed', [done], usage) });
          response.end();
        });
      },
    );
  }
};
