import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInAs } from '../../test/accounts.ts';
import { errorLogs } from '../db/schema.ts';
import { errorsPlugin } from './errors.ts';
import { inputGuardPlugin } from './input-guard.ts';

const report = {
  message: 'TypeError: x is undefined',
  timestamp: '2026-11-20T10:00:00.000Z',
  userAgent: 'Mozilla/5.0',
  url: 'https://uplift.example/',
};

/** A JSON body written by hand: JSON.stringify cannot write a lone surrogate escape or 5,000 levels. */
const rawJson = (json: string) => ({ headers: { 'content-type': 'application/json' }, payload: json });
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

function expectRefused(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode).toBe(400);
  const { error } = apiErrorSchema.parse(response.json());
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.issues?.map((issue) => issue.path)).toContain(path);
}

describe('input no route can store, on the real application', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t.app, t.db, 'member-tier-1')).cookie;
  });
  afterAll(() => t.close());

  const logError = (body: object) => t.app.inject({ method: 'POST', url: '/api/log-error', payload: body });

  it('refuses a NUL byte in a body, a query and a path with 400 naming the field', async () => {
    expectRefused(await logError({ ...report, message: 'broke\u0000here' }), 'body.message');
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/knowledge-points?q=cv%00tips' }),
      'querystring.q',
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/knowledge-points/cv%00tips' }),
      'params.idOrSlug',
    );
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/chat/conversations/00000000-0000-4000-8000-000000000000',
        headers: { cookie },
        payload: { title: 'a\u0000b' },
      }),
      'body.title',
    );
  });

  it('refuses lone surrogates, in values and in keys', async () => {
    const json = JSON.stringify({ ...report, context: { note: 'SURROGATE' } });
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/log-error',
        ...rawJson(json.replace('SURROGATE', '\\ud800')),
      }),
      'body.context.note',
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/log-error',
        ...rawJson(json.replace('"note"', '"\\udfff"')),
      }),
      'body.context.\udfff',
    );
  });

  it('refuses year 0000 and keeps years 0001 to 9999', async () => {
    expectRefused(await logError({ ...report, timestamp: '0000-01-01T00:00:00Z' }), 'body.timestamp');
    expectRefused(await logError({ ...report, timestamp: '0001-01-01T00:30:00+01:00' }), 'body.timestamp');
    for (const timestamp of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect((await logError({ ...report, timestamp })).statusCode).toBe(201);
    }
  });

  it("refuses 5,000-deep nesting in an error report's context, and keeps shallow context", async () => {
    const json = JSON.stringify({ ...report, context: { deep: 'DEEP' } });
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/log-error',
        ...rawJson(json.replace('"DEEP"', nested(5_000))),
      }),
      `body.context.deep${'.0'.repeat(62)}`,
    );
    // Deeper than an error report's context may be, though within what any body may be.
    expectRefused(
      await logError({ ...report, context: { a: { b: JSON.parse(nested(20)) } } }),
      `body.context.a.b${'.0'.repeat(14)}`,
    );
    const kept = await logError({ ...report, context: { component: 'Feed', props: { tab: 'latest\ttwo' } } });
    expect(kept.statusCode).toBe(201);
    expect(await t.db.select().from(errorLogs)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ context: { component: 'Feed', props: { tab: 'latest\ttwo' } } }),
      ]),
    );
  });
});

describe('a route whose schema forgets (any route, present or future)', () => {
  const app = Fastify();
  const received: unknown[] = [];
  beforeAll(async () => {
    await app.register(errorsPlugin);
    await app.register(inputGuardPlugin);
    app.post('/api/notes/:id', async (request) => {
      received.push(request.body);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('never sees control characters, lone surrogates or deep nesting', async () => {
    const post = (url: string, json: string) => app.inject({ method: 'POST', url, ...rawJson(json) });
    expectRefused(await post('/api/notes/1%00', '{}'), 'params.id');
    expectRefused(await post('/api/notes/1?tag=%07', '{}'), 'querystring.tag');
    expectRefused(await post('/api/notes/1?%00=x', '{}'), 'querystring.\u0000');
    expectRefused(await post('/api/notes/1', '{"items":["ok","\\u001b[31m"]}'), 'body.items.1');
    expectRefused(await post('/api/notes/1', '"\\ud83d"'), 'body');
    expectRefused(await post('/api/notes/1', nested(65)), `body${'.0'.repeat(64)}`);
    expect(received).toEqual([]);
    // Tabs, line breaks and well-formed pairs (emoji) are text.
    const fine = await post(
      '/api/notes/1',
      JSON.stringify({ text: 'a\tb\r\nc 😀', deep: JSON.parse(nested(63)) }),
    );
    expect(fine.statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });
});
