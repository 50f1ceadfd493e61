import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '@uplift/contracts';
import { seedKnowledgePoints } from '../src/seed/knowledge.ts';
import { createUser, testPassword } from './accounts.ts';
import { createTestApp } from './app.ts';
import { parseEvents } from './sse.ts';

/**
 * Every route and method of the OpenAPI document, sent hostile input (NUL bytes, lone surrogates,
 * year 0000, deep nesting, pasted URLs with ports, huge numbers, wrong types, empty and broken bodies)
 * in its path, query and body, as a visitor, a member and an admin. None may answer 5xx.
 */

interface JsonSchema {
  $ref?: string;
  /** One type, or several (OpenAPI 3.1: a nullable field is `[type, 'null']`). */
  type?: string | string[];
  const?: unknown;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
}
interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema: JsonSchema }>;
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** A case's body: a value sent as JSON, or JSON text written by hand (what JSON.stringify cannot write). */
type Body = { json: unknown } | { raw: string; contentType?: string } | null;
interface Case {
  name: string;
  path: Record<string, string>;
  query: string;
  body: Body;
}

const t = await createTestApp({
  VALE_QUOTA_ANONYMOUS: '100000',
  VALE_QUOTA_TIER1: '100000',
  VALE_QUOTA_TIER2: '100000',
});
afterAll(() => t.close());
await seedKnowledgePoints(t.db);
const openApi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();

const pastedUrls = 'see localhost:3000/api or https://x.org:8080/a';
const hostileText = [
  'a\u0000b',
  '\u0000',
  'bell\u0007 and escape\u001b[31m',
  'lone \ud800 high',
  '\udfff',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  pastedUrls,
  "' | & ! <-> :* \\ (",
  '\u202eevil\u202c',
  '',
  '   ',
  'x'.repeat(100_000),
];
/** Values of the wrong type, or numbers no column holds. `raw:` values are written into the JSON as is. */
const hostileValues: unknown[] = [
  ...hostileText,
  12345,
  -1,
  0,
  1.5,
  1e308,
  2 ** 53 + 1,
  null,
  true,
  [],
  {},
  ['a\u0000'],
  { '\u0000': 'key' },
  'raw:1e400',
  'raw:-1e400',
  `raw:${'['.repeat(5_000)}${']'.repeat(5_000)}`,
];
const hostileParams = [
  '%00',
  'x%00y',
  '%ED%A0%80',
  '%zz',
  encodeURIComponent('0000-01-01T00:00:00Z'),
  encodeURIComponent(pastedUrls),
  encodeURIComponent("'|&!:*\\"),
  'x'.repeat(5_000),
  '-1',
  '1e400',
  '99999999999999999999999',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
];

function resolve(schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.split('/').at(-1);
  return name ? resolve(openApi.components.schemas[name] ?? {}) : schema;
}

/**
 * A well-formed value for a schema, so that each hostile case changes one thing only. Ids are the
 * caller's own conversation; of an enum, 'user' when it is one (a chat turn that asks), else the first.
 */
function sample(given: JsonSchema, id: string, key = ''): unknown {
  const schema = resolve(given);
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], id, key);
  if (schema.enum) return schema.enum.includes('user') ? 'user' : schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = [schema.type].flat().find((name) => name !== 'null');
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([name, value]) => [
        name,
        sample(value, id, name),
      ]);
      // A free-form object (an error report's context) gets a field, so it has a string to attack.
      return Object.fromEntries(entries.length > 0 ? entries : [['note', 'Interview tips']]);
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, id));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uuid') return id;
      if (key === 'email') return 'fuzz@example.test';
      return 'How do I prepare for an interview?'
        .padEnd(schema.minLength ?? 0, '!')
        .slice(0, schema.maxLength);
  }
}

/** Every place in a value a hostile value can go: the value itself, and each member and item within. */
function places(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [at];
  const children = Object.entries(value).flatMap(([key, child]) =>
    places(child, [...at, Array.isArray(value) ? Number(key) : key]),
  );
  return [at, ...children];
}

function replaced(value: unknown, at: Array<string | number>, by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

function bodyWith(base: unknown, at: Array<string | number>, by: unknown): Body {
  if (typeof by === 'string' && by.startsWith('raw:')) {
    const marker = 'RAW-VALUE-MARKER';
    return { raw: JSON.stringify(replaced(base, at, marker)).replace(`"${marker}"`, by.slice(4)) };
  }
  return { json: replaced(base, at, by) };
}

function casesFor(path: Record<string, string>, operation: Operation, id: string): Case[] {
  const parameters = operation.parameters ?? [];
  const bodySchema = operation.requestBody?.content['application/json'].schema;
  const body = bodySchema ? sample(bodySchema, id) : undefined;
  const baseBody: Body = body === undefined ? null : { json: body };
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const cases: Case[] = [{ name: 'well-formed', path, query: '', body: baseBody }];
  const add = (name: string, change: Partial<Case>) =>
    cases.push({ name, path, query: '', body: baseBody, ...change });

  for (const [name] of Object.entries(path)) {
    for (const value of hostileParams)
      add(`path ${name}=${value.slice(0, 40)}`, { path: { ...path, [name]: value } });
  }
  for (const parameter of [...query, { name: 'unknown' }]) {
    for (const value of [...hostileParams, 'a&q=b&q=c']) {
      add(`query ${parameter.name}=${value.slice(0, 40)}`, { query: `?${parameter.name}=${value}` });
    }
  }
  add('query with a NUL name', { query: '?%00=x' });

  if (body !== undefined) {
    for (const at of places(body)) {
      for (const value of hostileValues) {
        add(`body ${at.join('.') || '(root)'}=${JSON.stringify(value)?.slice(0, 40)}`, {
          body: bodyWith(body, at, value),
        });
      }
    }
  }
  // Bodies every route may receive, whether it expects one or not.
  for (const raw of ['', '{', 'null', '[]', '"text"', '{}', '{"__proto__":{"admin":true}}', '\u0000']) {
    add(`raw body ${JSON.stringify(raw)}`, { body: { raw } });
  }
  add('text body', { body: { raw: pastedUrls, contentType: 'text/plain' } });
  add('nested 5,000 deep', { body: { raw: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` } });
  return cases;
}

let address = 0;
/** Each request from an address of its own: per-address rate limits would otherwise hide the routes. */
function nextAddress() {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

type Caller = 'anonymous' | Role;
const sessions = new Map<Caller, string>();

/**
 * A session for the role. After a case on an auth route (`recheck`), signed in again if that case
 * signed it out (logout, a password change, a rotated refresh…).
 */
async function cookieFor(caller: Caller, recheck = false): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  const known = sessions.get(caller);
  if (known && !recheck) return { cookie: known };
  if (known) {
    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: known } });
    if (verify.statusCode === 200) return { cookie: known };
  }
  // A user of its own each time: cases may have changed the last one's password or throttled it.
  const user = await createUser(t.db, caller);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: { email: user.email, password: testPassword },
  });
  const cookie = login.cookies.find((c) => c.name.endsWith('uplift_session') && c.value !== '');
  if (!cookie) throw new Error(`cannot sign in as ${caller}: ${login.statusCode} ${login.body}`);
  sessions.set(caller, `${cookie.name}=${cookie.value}`);
  return { cookie: `${cookie.name}=${cookie.value}` };
}

/**
 * Ids that exist, so path cases reach the handlers: a conversation and an answer of the caller's. Asked
 * once per caller and kept until a DELETE route may have removed them (`forgetKnownIds`): asking Vale
 * afresh for every route put some 250 questions to Vale in a run.
 */
const knownIdsByCaller = new Map<Caller, Promise<{ conversation: string; message: string }>>();
function knownIds(caller: Caller): Promise<{ conversation: string; message: string }> {
  let ids = knownIdsByCaller.get(caller);
  if (!ids) {
    ids = askForIds(caller);
    knownIdsByCaller.set(caller, ids);
  }
  return ids;
}
const forgetKnownIds = () => knownIdsByCaller.clear();

async function askForIds(caller: Caller): Promise<{ conversation: string; message: string }> {
  const fallback = {
    conversation: '00000000-0000-4000-8000-000000000000',
    message: '00000000-0000-4000-8000-000000000001',
  };
  if (caller === 'anonymous') return fallback;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/chat/message',
    remoteAddress: nextAddress(),
    headers: await cookieFor(caller, true),
    payload: { message: 'How do I prepare for an interview?' },
  });
  if (asked.statusCode !== 200) throw new Error(`cannot ask as ${caller}: ${asked.statusCode} ${asked.body}`);
  const meta = parseEvents(asked.body)[0];
  if (meta?.type !== 'meta' || !meta.conversationId || !meta.messageId) return fallback;
  return { conversation: meta.conversationId, message: meta.messageId };
}

function send(method: string, url: string, testCase: Case, headers: Record<string, string>) {
  const body = testCase.body;
  let path = url;
  for (const [name, value] of Object.entries(testCase.path)) path = path.replace(`{${name}}`, value);
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: path + testCase.query,
    remoteAddress: nextAddress(),
    headers: {
      ...headers,
      ...(body && 'raw' in body ? { 'content-type': body.contentType ?? 'application/json' } : {}),
    },
    ...(body === null ? {} : 'raw' in body ? { payload: body.raw } : { payload: body.json as object }),
  });
}

// Routes that end or rotate the session go last, so the others run signed in.
const signsOut = (url: string) => /\/api\/auth\/(logout|refresh|password)$/.test(url);
// The live event stream never ends, which `inject` waits for; events.test.ts sends it bad input over HTTP.
const endless = new Set(['/api/events']);
const routes = Object.entries(openApi.paths)
  .filter(([url]) => !endless.has(url))
  .flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  )
  .sort((a, b) => Number(signsOut(a.url)) - Number(signsOut(b.url)));

describe('every route of the OpenAPI document, sent hostile input', () => {
  it('lists the routes of every module', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routes.map((route) => [`${route.method.toUpperCase()} ${route.url}`, route] as const))(
    '%s answers no 5xx',
    async (_name, { url, method, operation }) => {
      const failures: string[] = [];
      for (const caller of ['anonymous', 'member-tier-1', 'admin'] as const) {
        const ids = await knownIds(caller);
        const path = Object.fromEntries(
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => [
              parameter.name,
              url.includes('/messages/') ? ids.message : ids.conversation,
            ]),
        );
        for (const testCase of casesFor(path, operation, ids.conversation)) {
          let response: LightMyRequestResponse;
          try {
            response = await send(
              method,
              url,
              testCase,
              await cookieFor(caller, url.startsWith('/api/auth/')),
            );
          } catch (error) {
            failures.push(`${caller} ${testCase.name}: threw ${String(error)}`);
            continue;
          }
          if (response.statusCode >= 500) {
            failures.push(
              `${caller} ${testCase.name}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
      if (method === 'delete') forgetKnownIds();
      expect(failures.join('\n')).toBe('');
    },
  );
});
