import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { knowledgeTopicSchema } from '@uplift/contracts';
import type { Database } from '../db/client.ts';
import { insertMissingKnowledgePoints } from '../modules/knowledge/index.ts';

const seedFile = new URL('./knowledge-points.json', import.meta.url);

const seedSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    topic: knowledgeTopicSchema,
    tags: z.array(z.string()),
    skillTags: z.array(z.string()),
    sourceUrl: z.string().nullable(),
    summary: z.string(),
    questions: z.array(z.string()),
    body: z.string().min(1),
  }),
);

export async function loadKnowledgeSeed() {
  return seedSchema.parse(JSON.parse(await readFile(seedFile, 'utf8')));
}

/**
 * The knowledge base Vale is grounded in; points are matched by slug, so reruns add only new ones (and
 * give the points of a database seeded before issue 41 the summary and questions retrieval indexes).
 */
export async function seedKnowledgePoints(db: Database): Promise<number> {
  return insertMissingKnowledgePoints(db, await loadKnowledgeSeed());
}
