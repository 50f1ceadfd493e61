import { and, arrayContains, count, eq, sql, type SQL } from 'drizzle-orm';
import type { KnowledgePoint, KnowledgePointListQuery } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { knowledgePoints } from '../../db/schema.ts';
import { rankKnowledgePoints } from './retrieval.ts';

const columns = {
  id: knowledgePoints.id,
  slug: knowledgePoints.slug,
  title: knowledgePoints.title,
  body: knowledgePoints.body,
  topic: knowledgePoints.topic,
  tags: knowledgePoints.tags,
  skillTags: knowledgePoints.skillTags,
  sourceUrl: knowledgePoints.sourceUrl,
};

export async function listKnowledgePoints(
  db: Database,
  query: KnowledgePointListQuery,
): Promise<{ items: KnowledgePoint[]; total: number }> {
  const offset = (query.page - 1) * query.pageSize;
  if (query.q) {
    // A search ranks the way Vale retrieves (retrieval.ts), so members and Vale find the same passages.
    const found = (await rankKnowledgePoints(db, query.q, { relevantOnly: false }))
      .map(({ point }) => point)
      .filter((point) => !query.topic || point.topic === query.topic)
      .filter((point) => !query.skill || point.skillTags.includes(query.skill));
    return { items: found.slice(offset, offset + query.pageSize), total: found.length };
  }
  const filters: SQL[] = [];
  if (query.topic) filters.push(eq(knowledgePoints.topic, query.topic));
  if (query.skill) filters.push(arrayContains(knowledgePoints.skillTags, [query.skill]));
  const where = filters.length > 0 ? and(...filters) : undefined;

  // The total rides along as a window count: one round-trip per page instead of two.
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(knowledgePoints)
    .where(where)
    .orderBy(knowledgePoints.title)
    .limit(query.pageSize)
    .offset(offset);
  const items = rows.map(({ total: _total, ...item }) => item);
  if (rows[0]) return { items, total: rows[0].total };
  // Past the last page the window has no row to ride on.
  const [counted] = await db.select({ total: count() }).from(knowledgePoints).where(where);
  return { items, total: counted?.total ?? 0 };
}

export async function findKnowledgePoint(
  db: Database,
  idOrSlug: string,
): Promise<KnowledgePoint | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [row] = await db
    .select(columns)
    .from(knowledgePoints)
    .where(isUuid ? eq(knowledgePoints.id, idOrSlug) : eq(knowledgePoints.slug, idOrSlug))
    .limit(1);
  return row;
}

/** The passages most relevant to a question, best first (Vale's retrieval step; see retrieval.ts). */
export async function retrieveRelevant(
  db: Database,
  question: string,
  limit: number,
  options: { skip?: ReadonlySet<string> } = {},
): Promise<KnowledgePoint[]> {
  const ranked = await rankKnowledgePoints(db, question, { relevantOnly: true });
  return ranked
    .map(({ point }) => point)
    .filter((point) => !options.skip?.has(point.id))
    .slice(0, limit);
}

/** A point as written: with retrieval's own fields (a summary, and questions it answers). */
export type KnowledgePointInput = Omit<KnowledgePoint, 'id'> & { summary: string; questions: string[] };

/**
 * Adds the points whose slug is new (how many it added), and fills retrieval's fields on points that
 * were written before those fields existed. Points already holding them are left as they are.
 */
export async function insertMissingKnowledgePoints(
  db: Database,
  points: KnowledgePointInput[],
): Promise<number> {
  if (points.length === 0) return 0;
  const inserted = await db
    .insert(knowledgePoints)
    .values(points)
    .onConflictDoNothing({ target: knowledgePoints.slug })
    .returning({ id: knowledgePoints.id });
  const fields = JSON.stringify(points.map(({ slug, summary, questions }) => ({ slug, summary, questions })));
  await db.execute(sql`
    update ${knowledgePoints} as k set summary = v.summary, questions = v.questions
    from json_to_recordset(${fields}::json) as v(slug text, summary text, questions text[])
    where k.slug = v.slug and k.summary = '' and k.questions = '{}'
      and (v.summary <> '' or v.questions <> '{}')`);
  return inserted.length;
}
