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

/** Today's count of the member or visitor's own scope, and of the visitor's address. */
type Counts = { own: number; address: number };

const today = () => new Date().toISOString().slice(0, 10);

function nextUtcMidnight(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

/**
 * The higher count binds. Saying when it is the address's lets the visitor understand why a new browser
 * starts below the full allowance: others on the same network have used some of it.
 */
function quota(holder: QuotaHolder, counts: Counts, limit: number | null): ChatQuota {
  const used = Math.max(counts.own, counts.address);
  return {
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    resetsAt: nextUtcMidnight(),
    limitedBy: holder.kind === 'user' ? 'account' : counts.address > counts.own ? 'address' : 'visitor',
  };
}

function spentMessage(holder: QuotaHolder, scope: string, limit: number | null): string {
  const resets = 'Your quota resets at midnight UTC.';
  if (holder.kind === 'user') return `You've used all ${limit} of today's Vale messages. ${resets}`;
  const signIn = 'Sign in for a larger daily quota.';
  if (scope.startsWith('ip:')) {
    return (
      `All ${limit} of today's free Vale messages on your network are used: they are shared by everyone ` +
      `on the same internet address. ${resets} ${signIn}`
    );
  }
  return `You've used all ${limit} of today's Vale messages. ${resets} ${signIn}`;
}

export function createQuota(db: Database, config: Config) {
  return {
    async read(holder: QuotaHolder): Promise<ChatQuota> {
      const rows = await db
        .select({ scope: chatUsage.scope, count: chatUsage.count })
        .from(chatUsage)
        .where(and(sql`${chatUsage.scope} in ${scopesOf(holder)}`, eq(chatUsage.day, today())));
      const counts: Counts = { own: 0, address: 0 };
      for (const row of rows) counts[row.scope.startsWith('ip:') ? 'address' : 'own'] = row.count;
      return quota(holder, counts, dailyLimit(holder, config));
    },

    /** Counts one message, or refuses with 429 when the day's quota is used up (atomic per scope). */
    async consume(holder: QuotaHolder): Promise<ChatQuota> {
      const limit = dailyLimit(holder, config);
      return db.transaction(async (tx) => {
        const counts: Counts = { own: 0, address: 0 };
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
            throw new HttpError(429, spentMessage(holder, scope, limit), 'RATE_LIMITED');
          }
          counts[scope.startsWith('ip:') ? 'address' : 'own'] = row.count;
        }
        return quota(holder, counts, limit);
      });
    },

    /** Gives back one message `consume` charged today, when the answer it paid for could not start. */
    async refund(holder: QuotaHolder): Promise<void> {
      await db
        .update(chatUsage)
        .set({ count: sql`greatest(${chatUsage.count} - 1, 0)` })
        .where(and(sql`${chatUsage.scope} in ${scopesOf(holder)}`, eq(chatUsage.day, today())));
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
