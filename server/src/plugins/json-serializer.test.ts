import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaSerializerCompiler } from './json-serializer.ts';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(jsonSchemaSerializerCompiler);

const memberSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  skills: z.array(z.object({ id: z.string(), level: z.number().int() })),
  notes: z.record(z.string(), z.string()),
});

beforeAll(async () => {
  app.get('/member', { schema: { response: { 200: memberSchema } } }, async () => {
    const row = {
      id: '6f1c2a8e-3d4b-4c5a-9e7f-1a2b3c4d5e6f',
      displayName: 'Ada',
      avatarUrl: null,
      joinedAt: '2026-11-24T05:00:00.000Z',
      skills: [{ id: 'communication', level: 3, privateScore: 0.42 }],
      notes: { mentor: 'Ben' },
      passwordHash: '$argon2id$secret',
    };
    return row;
  });
  await app.ready();
});
afterAll(() => app.close());

describe('responses written from the JSON Schema', () => {
  it('writes the declared properties only, so a row’s other columns never reach the client', async () => {
    const response = await app.inject({ method: 'GET', url: '/member' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: '6f1c2a8e-3d4b-4c5a-9e7f-1a2b3c4d5e6f',
      displayName: 'Ada',
      avatarUrl: null,
      joinedAt: '2026-11-24T05:00:00.000Z',
      skills: [{ id: 'communication', level: 3 }],
      notes: { mentor: 'Ben' },
    });
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('privateScore');
  });
});
