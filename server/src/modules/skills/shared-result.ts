import {
  levelForScore,
  scoreBand,
  sharedResultImagePath,
  sharedResultPath,
  skillAreaLabel,
  skillLevelLabel,
  skillShareIdSchema,
  type SharedSkillResult,
  type SkillAreaId,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { PageHead } from '../../plugins/page-head.ts';
import { sharedResult } from './shares.repo.ts';

export const notShared = () => new HttpError(404, 'This result is not shared.');

/** The shared result as anyone with the link sees it; 404 when it was never shared or is no longer. */
export async function sharedSkillResult(db: Database, id: string): Promise<SharedSkillResult> {
  const row = await sharedResult(db, id);
  if (!row) throw notShared();
  const band = scoreBand(row.theta, row.standardError);
  return {
    skill: row.skill as SkillAreaId,
    level: levelForScore(row.score),
    bandLow: band.low,
    bandHigh: band.high,
    completedAt: row.completedAt.toISOString(),
  };
}

/** "7 December 2026": the day the result was completed, the same for every reader (UTC). */
export function sharedResultDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** The words of a shared result, for its page's head and its image. */
export function sharedResultWords(result: SharedSkillResult) {
  const skill = skillAreaLabel(result.skill);
  const level = skillLevelLabel(result.level);
  return {
    title: `${skill}: ${level} · Uplift`,
    description: `${level} in ${skill} on Uplift's adaptive assessment, score band ${result.bandLow}–${result.bandHigh} (of 300), assessed ${sharedResultDate(result.completedAt)}.`,
    skill,
    level,
    band: `${result.bandLow}–${result.bandHigh}`,
    date: sharedResultDate(result.completedAt),
  };
}

export const shareImageSize = { width: 1200, height: 630 } as const;

/**
 * The head of `/skills/shared/:id`, or null when that share does not exist (never published, or
 * revoked): the page then answers 404.
 */
export async function sharedResultHead(db: Database, id: string, origin: string): Promise<PageHead | null> {
  if (!skillShareIdSchema.safeParse(id).success) return null;
  const result = await sharedSkillResult(db, id).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  });
  if (!result) return null;
  const words = sharedResultWords(result);
  return {
    title: words.title,
    description: words.description,
    image: `${origin}${sharedResultImagePath(id)}`,
    imageAlt: `${words.skill}: ${words.level}, score band ${words.band}, ${words.date}`,
    imageWidth: shareImageSize.width,
    imageHeight: shareImageSize.height,
    url: `${origin}${sharedResultPath(id)}`,
  };
}
