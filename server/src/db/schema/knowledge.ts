import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    topic: text('topic', { enum: ['careers', 'skills', 'economic-impact', 'using-uplift'] }).notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skillTags: text('skill_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceUrl: text('source_url'),
    /**
     * Retrieval's own fields (issue 41): the point in a sentence of everyday words, and questions it
     * answers as members would ask them. Indexed by Vale's retrieval (retrieval.ts), never shown.
     */
    summary: text('summary').notNull().default(''),
    questions: text('questions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title weighs most, then tags, then body (ranked full-text search). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', body), 'C')`,
      ),
  },
  (table) => [
    index('knowledge_points_search_idx').using('gin', table.search),
    index('knowledge_points_topic_idx').on(table.topic),
  ],
);
