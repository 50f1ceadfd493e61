import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economicImpactSchema, industryBreakdownSchema, type Role } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/accounts.ts';
import { skillAttempts, skillResults, videoProgress, videos } from '../../db/schema.ts';
import { createMetricsService } from './metrics.service.ts';

/** One sitting as the skills module stores it: an attempt, its time, and a score per skill. */
interface Sitting {
  status: 'completed' | 'in-progress';
  seconds: number;
  /** Days ago it was completed: orders a member's results. */
  daysAgo: number;
  scores: Partial<Record<string, number>>;
}

interface Member {
  role: Role;
  watchedSeconds: number;
  sittings: Sitting[];
}

const done = (daysAgo: number, seconds: number, scores: Sitting['scores']): Sitting => ({
  status: 'completed',
  seconds,
  daysAgo,
  scores,
});

describe('economic impact: assessments, skill gain and training time', () => {
  let t: TestApp;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [video] = await t.db
      .insert(videos)
      .values({
        slug: 'metrics-test',
        title: 'Metrics test',
        description: 'A video members watched',
        kind: 'featured',
        durationSeconds: 600,
        mediaKey: 'metrics-test.mp4',
        mediaVersion: 'v1',
        posterKey: 'metrics-test.jpg',
        posterVersion: 'v1',
      })
      .returning({ id: videos.id });
    videoId = video!.id;
  });
  afterAll(() => t.close());

  async function store(member: Member) {
    const user = await createUser(t.db, member.role);
    if (member.watchedSeconds > 0) {
      await t.db
        .insert(videoProgress)
        .values({ userId: user.id, videoId, watchedSeconds: member.watchedSeconds });
    }
    for (const sitting of member.sittings) {
      const completedAt = new Date(Date.now() - sitting.daysAgo * 86_400_000);
      const [attempt] = await t.db
        .insert(skillAttempts)
        .values({
          userId: user.id,
          skills: Object.keys(sitting.scores),
          status: sitting.status,
          completedAt: sitting.status === 'completed' ? completedAt : null,
          timeSpentSeconds: sitting.seconds,
        })
        .returning({ id: skillAttempts.id });
      if (sitting.status !== 'completed') continue;
      for (const [skill, score] of Object.entries(sitting.scores)) {
        await t.db.insert(skillResults).values({
          attemptId: attempt!.id,
          userId: user.id,
          skill,
          theta: (score! - 150) / 50,
          standardError: 0.3,
          score: score!,
          itemsAnswered: 10,
          correctCount: 6,
          completedAt,
        });
      }
    }
  }

  /** The figures computed here from the plan, independently of the SQL. */
  function expected(members: readonly Member[]) {
    const counted = members.filter((member) => member.role !== 'admin');
    const completed = counted.flatMap((member) => member.sittings.filter((s) => s.status === 'completed'));
    const gains: number[] = [];
    for (const member of counted) {
      const bySkill = new Map<string, Array<{ daysAgo: number; score: number }>>();
      for (const sitting of member.sittings.filter((s) => s.status === 'completed')) {
        for (const [skill, score] of Object.entries(sitting.scores)) {
          bySkill.set(skill, [...(bySkill.get(skill) ?? []), { daysAgo: sitting.daysAgo, score: score! }]);
        }
      }
      for (const results of bySkill.values()) {
        if (results.length < 2) continue;
        const sorted = [...results].sort((a, b) => b.daysAgo - a.daysAgo);
        gains.push(sorted.at(-1)!.score - sorted[0]!.score);
      }
    }
    const seconds = counted.reduce(
      (sum, member) => sum + member.watchedSeconds + member.sittings.reduce((s, x) => s + x.seconds, 0),
      0,
    );
    return {
      assessmentsCompleted: completed.length,
      averageSkillGain: Math.round((gains.reduce((a, b) => a + b, 0) / gains.length) * 10) / 10,
      trainingHours: Math.round((seconds / 3600) * 10) / 10,
    };
  }

  // Four members retook a skill: not yet enough to show an average gain, nor to count assessments.
  const firstFour: Member[] = [
    {
      role: 'member-tier-1',
      watchedSeconds: 1_800,
      sittings: [
        done(60, 900, { communication: 120, leadership: 140 }),
        done(20, 700, { communication: 150 }),
      ],
    },
    {
      role: 'member-tier-1',
      watchedSeconds: 0,
      sittings: [
        done(90, 400, { 'digital-literacy': 170 }),
        done(40, 380, { 'digital-literacy': 160 }),
        done(5, 410, { 'digital-literacy': 201 }),
      ],
    },
    {
      role: 'member-tier-2',
      watchedSeconds: 300,
      // Scores can fall: a negative gain counts too.
      sittings: [done(30, 600, { 'project-management': 100 }), done(10, 300, { 'project-management': 90 })],
    },
    {
      role: 'member-tier-2',
      watchedSeconds: 0,
      sittings: [
        done(14, 500, { 'project-management': 130, leadership: 110 }),
        done(3, 450, { 'project-management': 155, leadership: 105 }),
        { status: 'in-progress', seconds: 240, daysAgo: 0, scores: { 'project-management': 0 } },
      ],
    },
  ];
  // An admin's attempts are never a member's.
  const admin: Member = {
    role: 'admin',
    watchedSeconds: 5_000,
    sittings: [done(50, 3_000, { communication: 10 }), done(1, 3_000, { communication: 290 })],
  };
  const fifth: Member = {
    role: 'member-tier-1',
    watchedSeconds: 120,
    sittings: [done(8, 650, { 'customer-focus': 180 }), done(2, 520, { 'customer-focus': 176 })],
  };

  it('withholds assessments and gain while fewer than 5 members contribute', async () => {
    for (const member of [...firstFour, admin]) await store(member);
    const metrics = createMetricsService(t.db, { ttlMs: 0 });
    const result = await metrics.economicImpact();
    expect(result.assessmentsCompleted).toBeNull();
    expect(result.averageSkillGain).toBeNull();
    // Four members trained: withheld as well.
    expect(result.trainingHours).toBeNull();
  });

  it('counts completed assessments, averages latest-minus-first per member and skill, adds test time', async () => {
    await store(fifth);
    const want = expected([...firstFour, admin, fifth]);
    expect(want.assessmentsCompleted).toBe(11);
    expect(want.averageSkillGain).toBe(11.2); // (30 + 31 − 10 + 25 − 5 − 4) / 6
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics/economic-impact' });
    const result = economicImpactSchema.parse(response.json());
    expect(result.assessmentsCompleted).toBe(want.assessmentsCompleted);
    expect(result.averageSkillGain).toBe(want.averageSkillGain);
    expect(result.trainingHours).toBe(want.trainingHours);

    // The industry breakdown (all five members chose none: "Other") carries the same training time.
    const breakdown = industryBreakdownSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/industry-breakdown' })).json(),
    );
    expect(breakdown.industries).toEqual([expect.objectContaining({ industry: 'other', members: 5 })]);
    expect(breakdown.industries[0]!.trainingHours).toBe(want.trainingHours);
  });
});
