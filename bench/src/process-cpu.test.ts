import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

  // Half a second of CPU can take many seconds of wall time on a machine busy with other suites.
  it('grows while a process computes and stays put while it sleeps', { timeout: 60_000 }, async () => {
    // The child spins until it has used half a second of CPU (not of wall time, which a busy machine
    // stretches), says so, then sleeps.
    const child = spawn(
      process.execPath,
      [
        '-e',
        'while (process.cpuUsage().user < 500_000); console.log("computed"); setTimeout(() => {}, 10_000);',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await once(child.stdout, 'data');
      const afterWork = await processCpuSeconds(child.pid ?? -1);
      await sleep(400);
      const afterRest = await processCpuSeconds(child.pid ?? -1);
      expect(afterWork).toBeGreaterThanOrEqual(0.5);
      expect(afterRest - afterWork).toBeLessThan(0.1);
    } finally {
      child.kill();
    }
  });
});
