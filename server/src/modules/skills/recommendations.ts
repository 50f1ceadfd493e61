import { and, arrayContains, asc, eq } from 'drizzle-orm';
import {
  levelForScore,
  type Recommendation,
  type SkillAreaId,
  type SkillRecommendations,
  type StudyLink,
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

/** The knowledge points tagged with a skill, by title. */
function knowledgePointsTagged(db: Database, skill: string, limit: number) {
  return db
    .select({ slug: knowledgePoints.slug, title: knowledgePoints.title, body: knowledgePoints.body })
    .from(knowledgePoints)
    .where(arrayContains(knowledgePoints.skillTags, [skill]))
    .orderBy(asc(knowledgePoints.title))
    .limit(limit);
}

/** The published videos tagged with a skill, in the catalogue's order. */
function videosTagged(db: Database, skill: string, limit: number) {
  return db
    .select({ id: videos.id, title: videos.title, description: videos.description })
    .from(videos)
    .where(and(eq(videos.published, true), arrayContains(videos.skillTags, [skill])))
    .orderBy(asc(videos.position), asc(videos.title))
    .limit(limit);
}

async function forSkill(db: Database, skill: string): Promise<Recommendation[]> {
  const limit = recommendationLimits.perKind;
  const [points, clips, orgs] = await Promise.all([
    knowledgePointsTagged(db, skill, limit),
    videosTagged(db, skill, limit),
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

/** How many candidates per kind a concept's study list is ranked from, and how many it keeps. */
export const studyLimits = { candidates: 24, perKind: 2 } as const;

const stopWords = new Set(
  'a an and are as at be by can do for from how in is it its of on or so that the their them they this to was what when where which who why with you your'.split(
    ' ',
  ),
);

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2 && !stopWords.has(word))
      .map((word) => word.replace(/(ing|es|s)$/, '')),
  );
}

/** Shared words between a concept and a candidate's text: a small, predictable relevance order. */
export function overlap(concept: Set<string>, text: string): number {
  let count = 0;
  for (const word of wordsOf(text)) if (concept.has(word)) count += 1;
  return count;
}

/**
 * What to study for a concept: the videos and knowledge points tagged with its skill, those sharing the
 * most words with the concept's title and idea first (ties by title). The review of a missed question
 * uses it; knowledge points open in the skills page, videos in the player.
 */
export async function studyLinksFor(
  db: Database,
  skill: string,
  concept: { title: string; idea: string },
): Promise<StudyLink[]> {
  const limit = studyLimits.candidates;
  const [points, clips] = await Promise.all([
    knowledgePointsTagged(db, skill, limit),
    videosTagged(db, skill, limit),
  ]);
  const words = wordsOf(`${concept.title} ${concept.idea}`);
  const best = <T>(rows: T[], text: (row: T) => string) =>
    rows
      .map((row, index) => ({ row, index, score: overlap(words, text(row)) }))
      .sort((x, y) => y.score - x.score || x.index - y.index)
      .slice(0, studyLimits.perKind)
      .map(({ row }) => row);
  return [
    ...best(clips, (video) => `${video.title} ${video.title} ${video.description}`).map((video) => ({
      kind: 'video' as const,
      id: video.id,
      title: video.title,
      href: `/videos/${video.id}`,
    })),
    ...best(points, (point) => `${point.title} ${point.title} ${point.body}`).map((point) => ({
      kind: 'knowledge' as const,
      id: point.slug,
      title: point.title,
      href: `/skills?knowledge=${encodeURIComponent(point.slug)}`,
    })),
  ];
}
