import { and, eq, sql } from 'drizzle-orm';
import type { ChatQuota, Role } from '@uplift/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { chatUsage } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

export type QuotaHolder =
  { kind: 'user'; id: string; role: Role } | { kind: 'visitor'; id: string; ip: string };

/** Daily limit per holder; null is unlimited (admins). Quotas reset at midnight UTC. */
export function dailyLimit(holder: QuotaHolder, config: Config): number | null {
  if (holder.kind === 'visitor') return config.VALE_QUOTA_ANONYMOUS;
  if (holder.role === 'admin') return null;
  return holder.role === 'member-tier-2' ? config.VALE_QUOTA_TIER2 : config.VALE_QUOTA_TIER1;
}

// A visitor is counted by cookie and by address, so clearing cookies does not reset the quota.
function scopesOf(holder: QuotaHolder): string[] {
  return holder.kind === 'user' ? [`user:${holder.id}`] : [`visitor:${holder.id}`, `ip:${holder.ip}`];
}

const today = () => new Date().toISOString().slice(0, 10);

function nextUtcMidnight(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

function quota(used: number, limit: number | null): ChatQuota {
  return {
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    resetsAt: nextUtcMidnight(),
  };
}

export function createQuota(db: Database, config: Config) {
  return {
    async read(holder: QuotaHolder): Promise<ChatQuota> {
      const rows = await db
        .select({ count: chatUsage.count })
        .from(chatUsage)
        .where(and(sql`${chatUsage.scope} in ${scopesOf(holder)}`, eq(chatUsage.day, today())));
      return quota(Math.max(0, ...rows.map((row) => row.count)), dailyLimit(holder, config));
    },

    /** Counts one message, or refuses with 429 when the day's quota is used up (atomic per scope). */
    async consume(holder: QuotaHolder): Promise<ChatQuota> {
      const limit = dailyLimit(holder, config);
      return db.transaction(async (tx) => {
        let used = 0;
        for (const scope of scopesOf(holder)) {
          const [row] = await tx
            .insert(chatUsage)
            .values({ scope, day: today(), count: 1 })
            .onConflictDoUpdate({
              target: [chatUsage.scope, chatUsage.day],
              set: { count: sql`${chatUsage.count} + 1` },
              ...(limit === null ? {} : { setWhere: sql`${chatUsage.count} < ${limit}` }),
            })
            .returning({ count: chatUsage.count });
          if (!row || (limit !== null && row.count > limit)) {
            const who = holder.kind === 'visitor' ? ' Sign in for a larger daily quota.' : '';
            throw new HttpError(
              429,
              `You've used all ${limit} of today's Vale messages. Your quota resets at midnight UTC.${who}`,
              'RATE_LIMITED',
            );
          }
          used = Math.max(used, row.count);
        }
        return quota(used, limit);
      });
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
