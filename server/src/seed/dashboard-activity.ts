import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { thetaToScore } from '@uplift/contracts';
import {
  authEvents,
  chatUsage,
  skillAttempts,
  skillItems,
  skillResponses,
  skillResults,
  users,
} from '../db/schema.ts';
import { demoCommunity } from './demo-members.ts';
import {
  defaultStoppingRule,
  estimateAbility,
  probabilityCorrect,
  selectNextItem,
  shouldStop,
  type Response,
  seededRandom,
} from '../modules/skills/index.ts';

const dayMs = 24 * 60 * 60_000;
/** How far back the demo history reaches: the dashboard's longest period, with a margin. */
const historyDays = 100;

// Documentation address ranges (RFC 5737): never a real visitor's, so no real quota or throttle is touched.
const addresses = Array.from({ length: 24 }, (_, i) =>
  i % 2 ? `198.51.100.${20 + i}` : `203.0.113.${40 + i}`,
);
const agents = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];

type AuthEvent = typeof authEvents.$inferInsert;
type Member = { id: string; email: string; index: number };

/**
 * Ninety-odd days of community life for a fresh install, written as the rows the app itself writes:
 * members joining week by week (their `created_at` and a `register` event), sign-ins and session
 * refreshes on the days they come back, mistyped passwords, one burst of guessing that hits the
 * throttle, a copied refresh token caught twice, questions to Vale per day (members and visitors), and
 * skills assessments answered item by item by the adaptive test itself. The dashboard then aggregates
 * these rows like any others. Deterministic (a fixed seed), and run once: if a demo member already has
 * a `register` event the history exists and nothing is added.
 *
 * Only the wider demo community gets chat usage and assessments: the four sign-in accounts of
 * accounts.ts must start with a full Vale quota and no assessment cool-down for whoever tries them.
 */
export async function seedDashboardActivity(db: Database): Promise<number> {
  const emails = demoCommunity.map((member) => member.email);
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  // Without the demo members (a test database) there is nobody whose activity this would be.
  if (found.length === 0) return 0;
  const ids = found.map((row) => row.id);
  const [seeded] = await db
    .select({ id: authEvents.id })
    .from(authEvents)
    .where(and(eq(authEvents.type, 'register'), inArray(authEvents.userId, ids)))
    .limit(1);
  if (seeded) return 0;

  const random = seededRandom(20_261_122);
  const now = Date.now();
  const today = Math.floor(now / dayMs) * dayMs;
  // A moment on a given day, in waking hours (UTC), never later than now.
  const at = (day: number) => new Date(Math.min(now - 60_000, day + (7 + random() * 15) * 3_600_000));
  const members: Member[] = found.map((row) => ({ ...row, index: emails.indexOf(row.email) }));

  const events: AuthEvent[] = [];
  const usage = new Map<string, number>();
  const addUsage = (scope: string, day: number, count: number) => {
    const key = `${scope}|${new Date(day).toISOString().slice(0, 10)}`;
    usage.set(key, (usage.get(key) ?? 0) + count);
  };
  const joined = new Map<string, number>();
  const client = () => ({ ip: pick(addresses, random), userAgent: pick(agents, random) });

  await db.transaction(async (tx) => {
    for (const member of members) {
      // The four sign-in accounts and a few early members predate the period; the rest join steadily.
      const daysAgo =
        member.index < 8 ? 120 + member.index * 9 : Math.floor((member.index - 8) * 3.2 + random() * 3);
      const joinDay = today - daysAgo * dayMs;
      const joinedAt = at(joinDay);
      joined.set(member.id, joinDay);
      await tx.update(users).set({ createdAt: joinedAt }).where(eq(users.id, member.id));
      events.push({
        type: 'register',
        userId: member.id,
        email: member.email,
        createdAt: joinedAt,
        ...client(),
      });

      // Some come back most days, some once a week; keenness fades a little with time since joining.
      const keenness = 0.12 + random() * 0.45;
      for (let day = Math.max(joinDay, today - historyDays * dayMs); day <= today; day += dayMs) {
        const age = (day - joinDay) / dayMs;
        const weekend = [0, 6].includes(new Date(day).getUTCDay());
        if (random() > keenness * (weekend ? 0.6 : 1) * (age < 14 ? 1.3 : 1)) continue;
        const subject = { userId: member.id, email: member.email, ...client() };
        if (random() < 0.07) {
          events.push({ type: 'login.failure', ...subject, createdAt: at(day) });
        }
        events.push({ type: random() < 0.35 ? 'login.success' : 'refresh', ...subject, createdAt: at(day) });
        if (member.index >= 4 && random() < 0.55)
          addUsage(`user:${member.id}`, day, 1 + Math.floor(random() * 6));
      }
    }

    // Visitors trying Vale before registering: each counted per cookie and per address, as the quota does.
    for (let day = today - historyDays * dayMs; day <= today; day += dayMs) {
      const visitors = Math.floor(random() * 5);
      for (let v = 0; v < visitors; v += 1) {
        const count = 1 + Math.floor(random() * 3);
        addUsage(`visitor:demo-${day / dayMs}-${v}`, day, count);
        addUsage(`ip:${pick(addresses, random)}`, day, count);
      }
      // Strangers mistyping an address that has no account.
      if (random() < 0.3) {
        events.push({
          type: 'login.failure',
          email: `someone${Math.floor(random() * 90)}@example.com`,
          ...client(),
          createdAt: at(day),
        });
      }
    }

    // A password-guessing burst against one demo account, stopped by the throttle (docs/decisions/0011).
    const target = members[members.length - 1];
    if (target) {
      const start = at(today - 37 * dayMs).getTime();
      for (let n = 0; n < 14; n += 1) {
        const type = n < 8 ? 'login.failure' : 'login.throttled';
        events.push({
          type,
          email: target.email,
          userId: target.id,
          ip: '198.51.100.250',
          userAgent: 'python-requests/2.32',
          createdAt: new Date(start + n * 40_000),
        });
      }
    }
    // Twice a refresh token was presented again after its rotation: a copied token, its family revoked.
    for (const [back, member] of [
      [61, members[5]],
      [12, members[9]],
    ] as const) {
      if (member)
        events.push({
          type: 'refresh.reuse',
          userId: member.id,
          email: member.email,
          ip: pick(addresses, random),
          userAgent: pick(agents, random),
          createdAt: at(today - back * dayMs),
        });
    }

    for (let i = 0; i < events.length; i += 500) await tx.insert(authEvents).values(events.slice(i, i + 500));
    const rows = [...usage].map(([key, count]) => {
      const [scope = '', day = ''] = key.split('|');
      return { scope, day, count };
    });
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insert(chatUsage)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();

    await seedAssessments(
      tx,
      members.filter((member) => member.index >= 4),
      joined,
      random,
      now,
    );
  });
  return events.length;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Completed assessments: each sitting picks and scores its items with the same adaptive test members take
 * (psychometrics.ts), a simulated member of a fixed true ability answering each with its 2PL chance.
 */
async function seedAssessments(
  tx: Tx,
  members: Member[],
  joined: Map<string, number>,
  random: () => number,
  now: number,
) {
  const bank = await tx.select().from(skillItems).where(eq(skillItems.active, true));
  if (bank.length === 0) return;
  const skills = [...new Set(bank.map((item) => item.skill))];
  for (const member of members) {
    // About two in three members have taken an assessment, some more than once.
    if (random() > 0.68) continue;
    const ability = (random() + random() + random() - 1.5) * 1.6;
    const joinedAt = joined.get(member.id) ?? now;
    const sittings = 1 + Math.floor(random() * 2);
    for (let s = 0; s < sittings; s += 1) {
      const startedAt = new Date(joinedAt + random() * Math.max(0, now - 3_600_000 - joinedAt));
      const first = pick(skills, random);
      const second = pick(skills, random);
      const chosen = random() < 0.4 && second !== first ? [first, second] : [first];
      let clock = startedAt.getTime();
      const served: Array<typeof skillResponses.$inferInsert> = [];
      const results: Array<Omit<typeof skillResults.$inferInsert, 'attemptId'>> = [];
      for (const skill of chosen) {
        let unused = bank
          .filter((item) => item.skill === skill)
          .map((item) => ({ item, a: item.discrimination, b: item.difficulty }));
        const responses: Response[] = [];
        let estimate = estimateAbility(responses);
        while (!shouldStop(responses.length, estimate, unused.length, defaultStoppingRule)) {
          const next = selectNextItem(estimate.theta, unused, random);
          if (!next) break;
          unused = unused.filter((candidate) => candidate !== next);
          const correct = random() < probabilityCorrect(ability, next);
          const timeSpentMs = Math.round(15_000 + random() * 75_000);
          const servedAt = new Date(clock);
          clock += timeSpentMs + 2_000;
          const wrong = [0, 1, 2, 3].filter((choice) => choice !== next.item.answer);
          served.push({
            attemptId: '',
            itemId: next.item.id,
            skill,
            sequence: served.length + 1,
            servedAt,
            answeredAt: new Date(clock),
            choice: correct ? next.item.answer : pick(wrong, random),
            correct,
            timeSpentMs,
          });
          responses.push({ a: next.a, b: next.b, correct });
          estimate = estimateAbility(responses);
        }
        results.push({
          userId: member.id,
          skill,
          theta: estimate.theta,
          standardError: estimate.se,
          score: thetaToScore(estimate.theta),
          itemsAnswered: responses.length,
          correctCount: responses.filter((response) => response.correct).length,
          completedAt: new Date(clock),
        });
      }
      const completedAt = new Date(clock);
      const [attempt] = await tx
        .insert(skillAttempts)
        .values({
          userId: member.id,
          skills: chosen,
          status: 'completed',
          startedAt,
          completedAt,
          timeSpentSeconds: Math.round(served.reduce((sum, row) => sum + (row.timeSpentMs ?? 0), 0) / 1000),
        })
        .returning({ id: skillAttempts.id });
      if (!attempt) continue;
      await tx.insert(skillResponses).values(served.map((row) => ({ ...row, attemptId: attempt.id })));
      await tx
        .insert(skillResults)
        .values(results.map((row) => ({ ...row, attemptId: attempt.id, completedAt })));
    }
  }
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}
