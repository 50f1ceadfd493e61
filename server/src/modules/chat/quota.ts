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

/** A count kept per day, with its own limit (null: none). */
interface Scope {
  scope: string;
  limit: number | null;
}

/**
 * A member is counted by account. A visitor is counted by browser (the cookie), against their own small
 * allowance, and by network address, against a ceiling many browsers share (a library, a training centre,
 * a phone carrier's address): one visitor never uses up another's trial, and clearing cookies gets one
 * person no more than the address's ceiling (decision 0055).
 */
function scopesOf(holder: QuotaHolder, config: Config): Scope[] {
  const own = {
    scope: `${holder.kind === 'user' ? 'user' : 'visitor'}:${holder.id}`,
    limit: dailyLimit(holder, config),
  };
  return holder.kind === 'user'
    ? [own]
    : [own, { scope: `ip:${holder.ip}`, limit: config.VALE_QUOTA_ANONYMOUS_PER_ADDRESS }];
}

const isAddress = (scope: string) => scope.startsWith('ip:');

/** Today's count of the member or visitor's own scope, and of the visitor's address. */
type Counts = { own: number; address: number };

const today = () => new Date().toISOString().slice(0, 10);

function nextUtcMidnight(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

/**
 * The day's quota is used up: a 429 announcing the wait until the reset at midnight UTC (`Retry-After`),
 * which the OpenAI-compatible routes send as `insufficient_quota`.
 */
export class QuotaExceededError extends HttpError {
  constructor(message: string) {
    super(429, message, 'RATE_LIMITED');
    this.retryAfter((Date.parse(nextUtcMidnight()) - Date.now()) / 1000);
  }
}

/**
 * What is left is the smaller of the two allowances: the browser's own, and what the address's ceiling
 * still lets through. When the address binds it is said, so a visitor knows why they have fewer left.
 */
function quota(holder: QuotaHolder, counts: Counts, config: Config): ChatQuota {
  const limit = dailyLimit(holder, config);
  const resetsAt = nextUtcMidnight();
  if (holder.kind === 'user' || limit === null) {
    const remaining = limit === null ? null : Math.max(0, limit - counts.own);
    return { used: counts.own, limit, remaining, resetsAt, limitedBy: 'account' };
  }
  const own = Math.max(0, limit - counts.own);
  const address = Math.max(0, config.VALE_QUOTA_ANONYMOUS_PER_ADDRESS - counts.address);
  if (address < own) {
    return { used: limit - address, limit, remaining: address, resetsAt, limitedBy: 'address' };
  }
  return { used: Math.min(limit, counts.own), limit, remaining: own, resetsAt, limitedBy: 'visitor' };
}

function spentMessage(holder: QuotaHolder, refused: Scope | undefined): string {
  const resets = 'Your quota resets at midnight UTC.';
  const limit = refused?.limit;
  if (holder.kind === 'user') return `You've used all ${limit} of today's Vale messages. ${resets}`;
  const signIn = 'Sign in for a larger daily quota.';
  if (refused && isAddress(refused.scope)) {
    return (
      `Today's free Vale messages on your network are used up: everyone on the same internet address ` +
      `shares a ceiling of ${limit} a day. ${resets} ${signIn}`
    );
  }
  return `You've used all ${limit} of today's free Vale messages in this browser. ${resets} ${signIn}`;
}

/**
 * Counts one message for every scope ($2) of the day ($1), each only while under its own limit ($3, null
 * for none), and for none when one of them is at its limit already. Returns the counts after (`charged`)
 * and before (not `charged`). Commits without waiting for the write-ahead log to reach the disk, this
 * statement only: see `consume`. Prepared once per connection (it runs before every anonymous answer).
 */
const chargeStatement = {
  name: 'vale_charge',
  text: `with wanted as (
      select scope, lim from unnest($2::text[], $3::int[]) as wanted (scope, lim)
    ),
    earlier as (
      select scope, count from chat_usage where day = $1::date and scope = any($2::text[])
    ),
    quick as (select set_config('synchronous_commit', 'off', true) as off),
    charged as (
      insert into chat_usage as usage (scope, day, count)
      select wanted.scope, $1::date, 1 from wanted
      where not exists (
        select 1 from wanted as asked left join earlier on earlier.scope = asked.scope
        where asked.lim is not null and coalesce(earlier.count, 0) >= asked.lim
      )
      on conflict (scope, day) do update set count = usage.count + 1
      where usage.count < coalesce((select lim from wanted where wanted.scope = usage.scope), 2147483647)
      returning scope, count
    )
    select scope, count, true as charged from charged
    union all
    select scope, count, false as charged from earlier
    union all
    select null, null, null from quick where off is null`,
};

/** Scopes remembered as used up (see `mayCharge`); beyond this many, the oldest are forgotten. */
const maxRememberedSpent = 10_000;

export function createQuota(db: Database, config: Config) {
  /** Scopes this instance saw used up, with the day: a hint only, the database's count decides. */
  const spent = new Map<string, string>();
  const rememberSpent = (scope: string) => {
    spent.delete(scope);
    spent.set(scope, today());
    for (const oldest of spent.keys()) {
      if (spent.size <= maxRememberedSpent) break;
      spent.delete(oldest);
    }
  };

  const giveBack = async (scopes: string[], day: string) => {
    await db
      .update(chatUsage)
      .set({ count: sql`greatest(${chatUsage.count} - 1, 0)` })
      .where(and(sql`${chatUsage.scope} in ${scopes}`, eq(chatUsage.day, day)));
  };

  return {
    /**
     * False when this instance already refused one of the holder's scopes today: their next question is
     * almost surely refused too, so the model is not asked before the charge is settled (chat.service.ts).
     * Only a hint: another instance's refusals and refunds are unknown here, and the charge decides.
     */
    mayCharge(holder: QuotaHolder): boolean {
      const day = today();
      return !scopesOf(holder, config).some(({ scope }) => spent.get(scope) === day);
    },

    async read(holder: QuotaHolder): Promise<ChatQuota> {
      const names = scopesOf(holder, config).map(({ scope }) => scope);
      const rows = await db
        .select({ scope: chatUsage.scope, count: chatUsage.count })
        .from(chatUsage)
        .where(and(sql`${chatUsage.scope} in ${names}`, eq(chatUsage.day, today())));
      const counts: Counts = { own: 0, address: 0 };
      for (const row of rows) counts[isAddress(row.scope) ? 'address' : 'own'] = row.count;
      return quota(holder, counts, config);
    },

    /**
     * Counts one message, or refuses with 429 when the day's quota is used up. Nothing reaches a visitor
     * before this is settled, so it is one statement, one round trip: every scope is counted, each only
     * while under the limit (atomic per row), and none when one is already at the limit. Only when two
     * charges of the same scope race can one of them count some scopes and not the others: it then gives
     * back what it counted. No scope ever goes over the limit.
     *
     * The statement commits asynchronously (`synchronous_commit` off for it alone): waiting for the disk
     * to flush the write-ahead log was most of its time (about 2 ms of 2.3 on the embedded database). The count is visible to every other query at once; only a
     * crash of the database server itself could lose the last fraction of a second of charges, handing
     * those visitors a message back. Nothing else is written this way.
     */
    async consume(holder: QuotaHolder): Promise<ChatQuota> {
      const scopes = scopesOf(holder, config);
      const day = today();
      const { rows } = await db.$client.query<{ scope: string; count: number; charged: boolean }>({
        ...chargeStatement,
        values: [day, scopes.map(({ scope }) => scope), scopes.map(({ limit }) => limit)],
      });
      const charged = new Map(rows.filter((row) => row.charged).map((row) => [row.scope, row.count]));
      const within = ({ scope, limit }: Scope) => {
        const count = charged.get(scope);
        return count !== undefined && (limit === null || count <= limit);
      };
      const refused = scopes.filter((scope) => !within(scope));
      if (refused.length === 0) {
        const counts: Counts = { own: 0, address: 0 };
        for (const { scope } of scopes)
          counts[isAddress(scope) ? 'address' : 'own'] = charged.get(scope) ?? 0;
        return quota(holder, counts, config);
      }
      if (charged.size > 0) await giveBack([...charged.keys()], day);
      // The scope that was used up before this charge; failing that, the first that lost a race.
      const before = new Map(rows.filter((row) => !row.charged).map((row) => [row.scope, row.count]));
      const refusedBy =
        scopes.find(({ scope, limit }) => limit !== null && (before.get(scope) ?? 0) >= limit) ?? refused[0];
      if (refusedBy) rememberSpent(refusedBy.scope);
      throw new QuotaExceededError(spentMessage(holder, refusedBy));
    },

    /** Gives back one message `consume` charged today, when the answer it paid for could not start. */
    async refund(holder: QuotaHolder): Promise<void> {
      const names = scopesOf(holder, config).map(({ scope }) => scope);
      for (const scope of names) spent.delete(scope);
      await giveBack(names, today());
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
