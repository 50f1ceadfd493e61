import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults: port 3000, embedded database, data folder', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('builds the email digest at 07:00 UTC unless NOTIFICATION_DIGEST_CRON says otherwise', () => {
    expect(loadConfig({}).NOTIFICATION_DIGEST_CRON).toBe('0 7 * * *');
    expect(loadConfig({ NOTIFICATION_DIGEST_CRON: '' }).NOTIFICATION_DIGEST_CRON).toBe('0 7 * * *');
    expect(loadConfig({ NOTIFICATION_DIGEST_CRON: ' 30 18 * * 1-5 ' }).NOTIFICATION_DIGEST_CRON).toBe(
      '30 18 * * 1-5',
    );
    // Not a time the schedule could read, or fewer fields (which cron-parser alone would fill in).
    for (const bad of ['every morning', '0 25 * * *', '0 7 * *', '0 0 7 * * *']) {
      expect(() => loadConfig({ NOTIFICATION_DIGEST_CRON: bad })).toThrow(
        /NOTIFICATION_DIGEST_CRON: must be a cron expression of five fields/,
      );
    }
  });

  it('names every invalid variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });
});

describe("the README's environment table", () => {
  it('lists every variable the server reads, and none it does not', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Environment'), readme.indexOf('Build-time variables'));
    const listed = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => line.split('|')[1]!.match(/[A-Z][A-Z0-9_]+/g) ?? []),
    );
    const testAndBenchOnly = [...listed].filter((name) => !configVariables.includes(name));
    expect(configVariables.filter((name) => !listed.has(name))).toEqual([]);
    // The table also documents the end-to-end and benchmark settings, which the server never reads.
    expect(testAndBenchOnly.every((name) => /^(CHROME_PATH|E2E_|BENCH_)/.test(name))).toBe(true);
  });
});
