import { z } from 'zod';
import { safeText } from '../text.ts';

export const knowledgeTopics = ['careers', 'skills', 'economic-impact', 'using-uplift'] as const;
export const knowledgeTopicSchema = z.enum(knowledgeTopics);

export const knowledgePointSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    body: z.string(),
    topic: knowledgeTopicSchema,
    tags: z.array(z.string()),
    skillTags: z.array(z.string()),
    sourceUrl: z.string().nullable(),
  })
  .meta({ id: 'KnowledgePoint' });
export type KnowledgePoint = z.infer<typeof knowledgePointSchema>;

export const knowledgePointListQuerySchema = z.object({
  q: safeText().trim().max(200).optional(),
  topic: knowledgeTopicSchema.optional(),
  skill: safeText().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type KnowledgePointListQuery = z.infer<typeof knowledgePointListQuerySchema>;

export const knowledgePointListResponseSchema = z
  .object({
    items: z.array(knowledgePointSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'KnowledgePointList' });
export type KnowledgePointList = z.infer<typeof knowledgePointListResponseSchema>;
