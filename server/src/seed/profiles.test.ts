import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economicImpactSchema, industryBreakdownSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../config.ts';
import { seedProfiles } from './profiles.ts';
import { demoCommunity } from './demo-members.ts';

describe('demo profiles', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-seed-'));
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fills a fresh install so every month and several industries clear the small-group rule', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(await seedProfiles(t.db, config)).toBe(demoCommunity.length);
    expect(await seedProfiles(t.db, config)).toBe(0);
    expect(await readdir(path.join(dataDir, 'uploads'))).toHaveLength(demoCommunity.length * 3);
    // The portraits were drawn in a process of their own: the server never loaded libvips (decision 0031).
    if (existsSync('/proc/self/maps'))
      expect(readFileSync('/proc/self/maps', 'utf8')).not.toContain('libvips');

    const impact = economicImpactSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/metrics/economic-impact' })).json(),
    );
    const outcomes = demoCommunity.flatMap((member) => member.outcomes);
    expect(impact.members).toBe(demoCommunity.length);
    expect(impact.outcomesReported).toBe(outcomes.length);
    expect(impact.totalAnnualWageUplift).toBe(
      outcomes.reduce((sum, outcome) => sum + (outcome.amount ?? 0), 0),
    );
    expect(impact.trend.every((point) => point.shown && point.wageUplift !== null)).toBe(true);

    const breakdown = industryBreakdownSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/industry-breakdown' })).json(),
    );
    expect(breakdown.industries.length).toBeGreaterThanOrEqual(4);
    expect(breakdown.industries.at(-1)?.industry).toBe('other');
  });
});
