import { and, asc, eq } from 'drizzle-orm';
import { skillAreaLabel, type SkillAreaId } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';

/** A published video as Vale may name it (issue 41.3), with the screen that plays it. */
export interface VideoSource {
  /** `video:<slug>`: stable across databases, as the evaluation names it. */
  key: string;
  id: string;
  title: string;
  description: string;
  skillTags: string[];
  /** The labels of its skills: words retrieval weighs next to the title. */
  tags: string[];
  href: string;
}

export async function videoSources(db: Database): Promise<VideoSource[]> {
  const rows = await db
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      description: videos.description,
      skillTags: videos.skillTags,
    })
    .from(videos)
    .where(and(eq(videos.published, true)))
    .orderBy(asc(videos.position), asc(videos.title));
  return rows.map((row) => ({
    key: `video:${row.slug}`,
    id: row.id,
    title: row.title,
    description: row.description,
    skillTags: row.skillTags,
    tags: row.skillTags.map((tag) => skillAreaLabel(tag as SkillAreaId)),
    href: `/videos/${row.id}`,
  }));
}
