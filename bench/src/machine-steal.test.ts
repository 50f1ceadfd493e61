import { describe, expect, it } from 'vitest';
import {
  cpuTimesBetween,
  machineCpuTimesFromStat,
  readMachineCpuTimes,
  stealPercent,
  sumCpuTimes,
} from './machine-steal.ts';

const statLine = (steal: number, idle: number) =>
  `cpu  1000 10 200 ${idle} 5 0 30 ${steal} 400 0\ncpu0 500 5 100 ${idle / 2} 2 0 15 ${steal / 2} 200 0\n`;

describe("the hypervisor's steal", () => {
  it('reads the total and the steal from the first line, guest time not counted twice', () => {
    expect(machineCpuTimesFromStat(statLine(60, 8000))).toEqual({
      total: 1000 + 10 + 200 + 8000 + 5 + 0 + 30 + 60,
      steal: 60,
    });
  });

  it('refuses a file that is not /proc/stat', () => {
    expect(() => machineCpuTimesFromStat('intr 1 2 3')).toThrow(/not a \/proc\/stat cpu line/);
  });

  it('is the share of the time between two readings that went to other guests', () => {
    const before = machineCpuTimesFromStat(statLine(100, 1000));
    // 100 more ticks: 25 stolen, 75 idle.
    const after = machineCpuTimesFromStat(statLine(125, 1075));
    expect(stealPercent(cpuTimesBetween(before, after))).toBe(25);
    expect(stealPercent(cpuTimesBetween(before, before))).toBeNull();
    expect(stealPercent(cpuTimesBetween(null, after))).toBeNull();
  });

  it('adds up over runs taken in turns, and is unknown if any run was', () => {
    const runs = [
      { total: 100, steal: 40 },
      { total: 300, steal: 0 },
    ];
    expect(stealPercent(sumCpuTimes(runs))).toBe(10);
    expect(sumCpuTimes([...runs, null])).toBeNull();
  });

  it('reads this machine', async () => {
    // The bench runs on Linux only (it reads /proc for the servers' CPU time too).
    const now = await readMachineCpuTimes();
    expect(now?.total).toBeGreaterThan(0);
    expect(now?.steal).toBeLessThanOrEqual(now?.total ?? 0);
  });
});
