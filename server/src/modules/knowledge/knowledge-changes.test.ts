import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { cacheInvalidatedEvent } from '../events/index.ts';
import { knowledgeTag } from './knowledge-changes.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';

/** Migration 0017: the database announces writes to the knowledge points, whatever made them. */
describe('announcements of knowledge writes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const announcements = async () => {
    const result = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from live_events
      where type = ${cacheInvalidatedEvent} and payload = jsonb_build_object('tag', ${knowledgeTag}::text)`);
    return result.rows[0]!.n;
  };
  const announcedBy = async (write: () => Promise<unknown>) => {
    const before = await announcements();
    await write();
    return (await announcements()) - before;
  };

  it('once per statement that changes points, however many, and never for one that changes none', async () => {
    expect(await announcedBy(() => seedKnowledgePoints(database.db))).toBe(1);
    // The seed on every later start finds every point there.
    expect(await announcedBy(() => seedKnowledgePoints(database.db))).toBe(0);
    const run = (statement: ReturnType<typeof sql>) => () => database.db.execute(statement);
    expect(await announcedBy(run(sql`update knowledge_points set body = body || ' ' where false`))).toBe(0);
    expect(await announcedBy(run(sql`update knowledge_points set body = body || ' '`))).toBe(1);
    expect(await announcedBy(run(sql`delete from knowledge_points where slug = 'no-such-point'`))).toBe(0);
    expect(
      await announcedBy(
        run(sql`delete from knowledge_points where slug in (select slug from knowledge_points limit 2)`),
      ),
    ).toBe(1);
    expect(await announcedBy(run(sql`truncate knowledge_points`))).toBe(1);
  });
});
