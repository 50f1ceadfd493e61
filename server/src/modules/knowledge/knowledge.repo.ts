import { and, arrayContains, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { KnowledgePoint, KnowledgePointListQuery } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { knowledgePoints } from '../../db/schema.ts';

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

/**
 * Any word of the text may match (OR), stemmed as English; ranking then prefers passages matching more
 * and rarer words, in the title first. A plain AND query would miss most conversational questions.
 * Each lexeme is quoted (quotes doubled, backslashes escaped) and cast to tsquery as is: lexemes such as
 * `localhost:3000/api` or `'s` are then plain terms, never query syntax.
 */
function anyWordQuery(text: string): SQL {
  return sql`(
    select coalesce(
      string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | '),
      ''
    )::tsquery
    from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as lexeme
  )`;
}

export async function listKnowledgePoints(
  db: Database,
  query: KnowledgePointListQuery,
): Promise<{ items: KnowledgePoint[]; total: number }> {
  const filters: SQL[] = [];
  if (query.topic) filters.push(eq(knowledgePoints.topic, query.topic));
  if (query.skill) filters.push(arrayContains(knowledgePoints.skillTags, [query.skill]));
  const tsQuery = query.q ? anyWordQuery(query.q) : null;
  if (tsQuery) filters.push(sql`${knowledgePoints.search} @@ ${tsQuery}`);
  const where = filters.length > 0 ? and(...filters) : undefined;

  // The total rides along as a window count: one round-trip per page instead of two.
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(knowledgePoints)
    .where(where)
    .orderBy(
      ...(tsQuery ? [desc(sql`ts_rank_cd(${knowledgePoints.search}, ${tsQuery})`)] : []),
      knowledgePoints.title,
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
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

/** The passages most relevant to a question, best first (Vale's retrieval step). */
export async function retrieveRelevant(
  db: Database,
  question: string,
  limit: number,
): Promise<KnowledgePoint[]> {
  const tsQuery = anyWordQuery(question);
  return db
    .select(columns)
    .from(knowledgePoints)
    .where(sql`${knowledgePoints.search} @@ ${tsQuery}`)
    .orderBy(desc(sql`ts_rank_cd(${knowledgePoints.search}, ${tsQuery}, 1)`))
    .limit(limit);
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
