import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgePointListResponseSchema } from '@uplift/contracts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { doneEvent, parseEvents } from '../../../test/sse.ts';
import { knowledgePoints } from '../../db/schema.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/**
 * Knowledge points are written by the seed or by hand (no route writes them), on a database several
 * instances share. Each instance keeps Vale's passages of recent questions and the anonymous knowledge
 * search for 30 s; the database announces every write (migration 0017), so each drops them within the
 * notification's delay. The waits below are bounded well under those 30 s.
 */
describe('knowledge points written while instances keep answers from them', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let address = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedKnowledgePoints(database.db);
    [a, b] = await Promise.all([
      startInstance(database.url, { VALE_QUOTA_ANONYMOUS: '1000' }),
      startInstance(database.url, { VALE_QUOTA_ANONYMOUS: '1000' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await Promise.all([a.db.$client.end(), b.db.$client.end()]);
    await database.drop();
  });

  /** The slugs Vale cites answering `message` anonymously (no model: the knowledge base's own answer). */
  async function cited(instance: Instance, message: string) {
    // An address per question: Vale's anonymous route allows 20 a minute from one.
    address += 1;
    const response = await instance.app.inject({
      method: 'POST',
      url: '/api/chat/public',
      remoteAddress: `10.30.${address >> 8}.${address & 255}`,
      payload: { message },
    });
    expect(response.statusCode).toBe(200);
    return doneEvent(parseEvents(response.body)).citations.map((citation) => citation.slug);
  }

  async function searched(instance: Instance, q: string) {
    const response = await instance.app.inject({ url: `/api/knowledge-points?q=${q}` });
    return knowledgePointListResponseSchema.parse(response.json()).items.map((item) => item.slug);
  }

  const soon = { timeout: 5_000, interval: 100 };

  it('a new point is cited by Vale, and found by the search, on every instance', async () => {
    const question = 'How do I start with quillwork?';
    // Both instances keep their answers without it.
    for (const instance of [a, b]) {
      expect(await cited(instance, question)).not.toContain('quillwork-basics');
      expect(await searched(instance, 'quillwork')).toEqual([]);
    }

    await database.db.insert(knowledgePoints).values({
      slug: 'quillwork-basics',
      title: 'Quillwork basics',
      body: 'Quillwork is a craft: start with a simple quillwork pattern and practise it every week.',
      topic: 'skills',
    });

    for (const instance of [a, b]) {
      await expect.poll(async () => (await cited(instance, question))[0], soon).toBe('quillwork-basics');
      await expect.poll(() => searched(instance, 'quillwork'), soon).toEqual(['quillwork-basics']);
    }
  });

  it('an edited point is cited for its new words: the retrieval index is rebuilt too', async () => {
    const question = 'What should I know about marquetry?';
    for (const instance of [a, b]) expect(await cited(instance, question)).not.toContain('quillwork-basics');

    // An edit leaves the number of points and their newest creation time alone.
    await database.db
      .update(knowledgePoints)
      .set({
        title: 'Marquetry basics',
        body: sql`replace(${knowledgePoints.body}, 'Quillwork', 'Marquetry')`,
      })
      .where(eq(knowledgePoints.slug, 'quillwork-basics'));

    for (const instance of [a, b]) {
      await expect.poll(async () => (await cited(instance, question))[0], soon).toBe('quillwork-basics');
    }
  });
});
