import { randomBytes } from 'node:crypto';
import { sharedResultPath, skillAreaLabel, type SkillAreaId, type SkillShare } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { notShared } from './shared-result.ts';
import * as repo from './shares.repo.ts';

/** 128 random bits, base64url: 22 characters nobody can guess or enumerate. */
const newShareId = () => randomBytes(16).toString('base64url');

function toShare(share: repo.ShareRow, completedAt: Date): SkillShare {
  return {
    id: share.id,
    skill: share.skill as SkillAreaId,
    path: sharedResultPath(share.id),
    completedAt: completedAt.toISOString(),
    sharedAt: share.sharedAt.toISOString(),
  };
}

export type SharesService = ReturnType<typeof createSharesService>;

/**
 * Publishing a result is the member's own act (decision 0093): only they can share or stop sharing, and
 * a share shows nothing but the skill, level, band and date.
 */
export function createSharesService(db: Database) {
  return {
    async list(userId: string): Promise<SkillShare[]> {
      const rows = await repo.sharesOfUser(db, userId);
      return rows.map(({ share, completedAt }) => toShare(share, completedAt));
    },

    /** Shares the member's latest result in `skill` (keeping the link when that skill is shared already). */
    share(userId: string, skill: SkillAreaId): Promise<SkillShare> {
      return db.transaction(async (tx) => {
        const result = await repo.latestResult(tx, userId, skill);
        if (!result) {
          throw new HttpError(409, `You have no ${skillAreaLabel(skill)} result to share yet.`);
        }
        const share = await repo.upsertShare(tx, {
          id: newShareId(),
          userId,
          skill,
          attemptId: result.attemptId,
        });
        return toShare(share, result.completedAt);
      });
    },

    /** Stops sharing: the link answers 404 from now on. */
    async stop(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteOwnShare(tx, userId, id))) throw notShared();
      });
    },
  };
}
