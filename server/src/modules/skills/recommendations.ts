import { and, arrayContains, asc, eq } from 'drizzle-orm';
import {
  levelForScore,
  type Recommendation,
  type SkillAreaId,
  type SkillRecommendations,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { knowledgePoints, partners, videos } from '../../db/schema.ts';
import { resultsOfUser } from './skills.repo.ts';

/** How many of the member's lowest-scoring skills get suggestions, and how many of each kind. */
export const recommendationLimits = { skills: 3, perKind: 2 } as const;

function summaryOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= 160 ? clean : `${clean.slice(0, 157).trimEnd()}…`;
}

async function forSkill(db: Database, skill: string): Promise<Recommendation[]> {
  const limit = recommendationLimits.perKind;
  const [points, clips, orgs] = await Promise.all([
    db
      .select({
        id: knowledgePoints.id,
        slug: knowledgePoints.slug,
        title: knowledgePoints.title,
        body: knowledgePoints.body,
      })
      .from(knowledgePoints)
      .where(arrayContains(knowledgePoints.skillTags, [skill]))
      .orderBy(asc(knowledgePoints.title))
      .limit(limit),
    db
      .select({ id: videos.id, title: videos.title, description: videos.description })
      .from(videos)
      .where(and(eq(videos.published, true), arrayContains(videos.skillTags, [skill])))
      .orderBy(asc(videos.position), asc(videos.title))
      .limit(limit),
    db
      .select({ id: partners.id, name: partners.name, description: partners.description })
      .from(partners)
      .where(and(eq(partners.published, true), arrayContains(partners.skillTags, [skill])))
      .orderBy(asc(partners.name))
      .limit(limit),
  ]);
  return [
    ...clips.map((video) => ({
      kind: 'video' as const,
      id: video.id,
      title: video.title,
      summary: summaryOf(video.description),
      href: `/videos/${video.id}`,
    })),
    ...points.map((point) => ({
      kind: 'knowledge' as const,
      id: point.slug,
      title: point.title,
      summary: summaryOf(point.body),
      href: `/skills?knowledge=${encodeURIComponent(point.slug)}`,
    })),
    ...orgs.map((partner) => ({
      kind: 'partner' as const,
      id: partner.id,
      title: partner.name,
      summary: summaryOf(partner.description),
      href: `/partners/${partner.id}`,
    })),
  ];
}

/** For the member's weakest skills (lowest latest scores), what to watch, read and whom to contact. */
export async function recommendationsFor(db: Database, userId: string): Promise<SkillRecommendations> {
  const latest = new Map<string, number>();
  for (const row of await resultsOfUser(db, userId)) latest.set(row.skill, row.score);
  const weakest = [...latest.entries()].sort((x, y) => x[1] - y[1]).slice(0, recommendationLimits.skills);
  return {
    skills: await Promise.all(
      weakest.map(async ([skill, score]) => ({
        skill: skill as SkillAreaId,
        score,
        level: levelForScore(score),
        items: await forSkill(db, skill),
      })),
    ),
  };
}
