import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, streamText } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokenResponseSchema, type Role } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

const question = 'How do I prepare for a job interview?';

/** A running app on loopback, and the base URL standard clients are given. */
async function listening(env: Record<string, string>) {
  const t = await createTestApp(env);
  await seedKnowledgePoints(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, origin, baseURL: `${origin}/api/chat/openai/v1` };
}

/** A session token, as a native client receives one: what standard clients send as their API key. */
async function apiKeyFor(t: TestApp, origin: string, role: Role = 'member-tier-2') {
  const user = await createUser(t.db, role);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-platform': 'native' },
    body: JSON.stringify({ email: user.email, password: testPassword }),
  });
  return authTokenResponseSchema.parse(await login.json()).token!;
}

describe('the OpenAI-compatible API with a model configured', () => {
  let fake: FakeOpenAi;
  let app: Awaited<ReturnType<typeof listening>>;
  let apiKey: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await listening({ VALE_BASE_URL: fake.baseURL });
    apiKey = await apiKeyFor(app.t, app.origin);
  });
  afterAll(async () => {
    await app.t.close();
    await fake.close();
  });

  it("reports the model's own usage to the openai client, streamed in the last chunk when asked", async () => {
    const client = new OpenAI({ baseURL: app.baseURL, apiKey });
    const completion = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
    });
    expect(completion.choices[0]!.message.content).toMatch(
      /^Update your CV for each role \[1\]\.\n\nSources: \[1\] /,
    );
    expect(completion.usage).toEqual({ prompt_tokens: 321, completion_tokens: 7, total_tokens: 328 });
    // Vale asks its model for the usage of every answer.
    expect(fake.requests.at(-1)?.stream_options).toEqual({ include_usage: true });

    const stream = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({ prompt_tokens: 321, completion_tokens: 7, total_tokens: 328 });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe(
      completion.choices[0]!.message.content,
    );

    const withoutUsage = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
      stream: true,
    });
    for await (const chunk of withoutUsage) expect(chunk.usage).toBeUndefined();
  });

  it('answers the AI SDK: its default provider (Responses API) and its chat provider, streaming and not', async () => {
    const provider = createOpenAI({ baseURL: app.baseURL, apiKey });

    const generated = await generateText({ model: provider('vale'), prompt: question });
    expect(generated.text).toMatch(/^Update your CV for each role \[1\]\.\n\nSources: \[1\] /);
    expect(generated.usage).toMatchObject({ inputTokens: 321, outputTokens: 7, totalTokens: 328 });

    const streamed = streamText({ model: provider('vale'), prompt: question });
    let text = '';
    for await (const part of streamed.textStream) text += part;
    expect(text).toBe(generated.text);
    expect(await streamed.usage).toMatchObject({ inputTokens: 321, outputTokens: 7, totalTokens: 328 });

    const chat = await generateText({
      model: provider.chat('vale'),
      instructions: 'Be brief.',
      messages: [{ role: 'user', content: question }],
    });
    expect(chat.text).toBe(generated.text);
    expect(chat.usage).toMatchObject({ inputTokens: 321, outputTokens: 7, totalTokens: 328 });

    const chatStream = streamText({ model: provider.chat('vale'), prompt: question });
    text = '';
    for await (const part of chatStream.textStream) text += part;
    expect(text).toBe(generated.text);
    expect(await chatStream.usage).toMatchObject({ inputTokens: 321, outputTokens: 7, totalTokens: 328 });
  });

  it('serves the Responses API to the openai client, streaming and not', async () => {
    const client = new OpenAI({ baseURL: app.baseURL, apiKey });
    const response = await client.responses.create({ model: 'vale', input: question });
    expect(response.status).toBe('completed');
    expect(response.output_text).toMatch(/^Update your CV for each role \[1\]\./);
    expect(response.usage).toMatchObject({ input_tokens: 321, output_tokens: 7, total_tokens: 328 });

    const stream = await client.responses.create({
      model: 'vale',
      input: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello! What can I help with?' },
        { role: 'user', content: [{ type: 'input_text', text: question }] },
      ],
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(text).toBe(response.output_text);
    expect(completed?.output_text ?? completed?.output[0]).toBeTruthy();
    expect(completed?.usage).toMatchObject({ input_tokens: 321, output_tokens: 7 });
    // The earlier turns reached the model as the conversation.
    expect(fake.requests.at(-1)?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello! What can I help with?' },
      { role: 'user', content: question },
    ]);
  });
});

describe('the OpenAI-compatible API without a model', () => {
  let app: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    app = await listening({ VALE_QUOTA_TIER1: '2' });
  });
  afterAll(() => app.t.close());

  it('counts the usage with a real tokenizer', async () => {
    const client = new OpenAI({ baseURL: app.baseURL, apiKey: await apiKeyFor(app.t, app.origin) });
    const completion = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
    });
    const content = completion.choices[0]!.message.content!;
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBe(countTokens(content));
    // The prompt as a model would read it: Vale's instructions and passages, then the question.
    expect(usage.prompt_tokens).toBeGreaterThan(countTokens(question) + 100);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);

    const stream = await client.chat.completions.create({
      model: 'vale',
      messages: [{ role: 'user', content: question }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let last: OpenAI.Chat.Completions.ChatCompletionChunk | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      last = chunk;
    }
    expect(text).toBe(content);
    expect(last?.usage).toEqual(usage);
  });

  it('lists vale as its one model; any other model is 404 model_not_found', async () => {
    const client = new OpenAI({ baseURL: app.baseURL, apiKey: await apiKeyFor(app.t, app.origin) });
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models).toEqual(['vale']);
    expect((await client.models.retrieve('vale')).id).toBe('vale');
    await expect(client.models.retrieve('gpt-4o')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    for (const ask of [
      () =>
        client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: question }] }),
      () => client.responses.create({ model: 'gpt-4o', input: question }),
    ]) {
      await expect(ask()).rejects.toMatchObject({
        status: 404,
        error: { type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
      });
    }
  });

  it("answers errors in OpenAI's shape", async () => {
    const post = (path: string, body: unknown, apiKey = 'not-a-session') =>
      fetch(`${app.baseURL}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unauthorised = await post('/chat/completions', { model: 'vale', messages: [] });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'authentication_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    const apiKey = await apiKeyFor(app.t, app.origin);
    const invalid = await post('/chat/completions', { model: 'vale', messages: [] }, apiKey);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param: 'messages', code: null },
    });
    const noQuestion = await post(
      '/responses',
      { model: 'vale', input: [{ role: 'assistant', content: 'Hi' }] },
      apiKey,
    );
    expect(noQuestion.status).toBe(400);
    expect(await noQuestion.json()).toMatchObject({ error: { param: 'input', code: 'invalid_value' } });
    const broken = await fetch(`${app.baseURL}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: '{"input": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('refuses the day after the daily limit with 429 insufficient_quota, not retried, Retry-After until the reset', async () => {
    const apiKey = await apiKeyFor(app.t, app.origin, 'member-tier-1');
    const sent: string[] = [];
    const client = new OpenAI({
      baseURL: app.baseURL,
      apiKey,
      fetch: (url, init) => {
        sent.push(String(url));
        return fetch(url, init);
      },
    });
    const ask = () =>
      client.chat.completions.create({ model: 'vale', messages: [{ role: 'user', content: question }] });
    await ask();
    await ask();
    const refused = await ask().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    const error = refused as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.code).toBe('insufficient_quota');
    expect(error.type).toBe('insufficient_quota');
    // Not retried: the client sent the refused request once.
    expect(sent).toHaveLength(3);
    const now = new Date();
    const untilReset =
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expect(Number(error.headers.get('retry-after'))).toBeGreaterThan(untilReset - 5);
    expect(Number(error.headers.get('retry-after'))).toBeLessThanOrEqual(Math.ceil(untilReset) + 1);

    // The AI SDK reads the same error (its retries are its own policy: none asked here).
    const provider = createOpenAI({ baseURL: app.baseURL, apiKey });
    const sdkError = await generateText({ model: provider('vale'), prompt: question, maxRetries: 0 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(APICallError.isInstance(sdkError)).toBe(true);
    expect(sdkError).toMatchObject({ statusCode: 429, data: { error: { code: 'insufficient_quota' } } });
  });
});
