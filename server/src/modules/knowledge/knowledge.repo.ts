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

export async function insertMissingKnowledgePoints(
  db: Database,
  points: Array<Omit<KnowledgePoint, 'id'>>,
): Promise<number> {
  if (points.length === 0) return 0;
  const inserted = await db
    .insert(knowledgePoints)
    .values(points)
    .onConflictDoNothing({ target: knowledgePoints.slug })
    .returning({ id: knowledgePoints.id });
  return inserted.length;
}
