import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { cpuSecondsFromStat, processCpuSeconds } from './process-cpu.ts';

describe('process CPU time', () => {
  it('reads user and system time after a command name holding spaces and parentheses', () => {
    const stat = '4242 (node (a) b) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 37 0 0 20 0 11 0 100 0 0';
    expect(cpuSecondsFromStat(stat)).toBeCloseTo(2.87);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => cpuSecondsFromStat('nothing here')).toThrow(/not a \/proc stat line/);
  });

  it('grows while a process computes and stays put while it sleeps', async () => {
    const child = spawn(process.execPath, [
      '-e',
      'const end = Date.now() + 600; while (Date.now() < end); setTimeout(() => {}, 10_000);',
    ]);
    try {
      await sleep(900);
      const afterWork = await processCpuSeconds(child.pid ?? -1);
      await sleep(400);
      const afterRest = await processCpuSeconds(child.pid ?? -1);
      expect(afterWork).toBeGreaterThanOrEqual(0.4);
      expect(afterRest - afterWork).toBeLessThan(0.1);
    } finally {
      child.kill();
    }
  });
});
