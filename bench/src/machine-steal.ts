import { readFile } from 'node:fs/promises';

/** The whole machine's CPU time so far, in ticks: all of it, and what the hypervisor gave other guests. */
export interface MachineCpuTimes {
  total: number;
  steal: number;
}

/**
 * The first line of `/proc/stat`: `cpu user nice system idle iowait irq softirq steal guest guest_nice`.
 * Guest time is already counted in user time, so the total is the first eight fields.
 */
export function machineCpuTimesFromStat(stat: string): MachineCpuTimes {
  const line = stat.split('\n', 1)[0] ?? '';
  const fields = line.trim().split(/\s+/);
  const times = fields.slice(1, 9).map(Number);
  if (fields[0] !== 'cpu' || times.length < 8 || times.some((value) => !Number.isInteger(value))) {
    throw new Error(`not a /proc/stat cpu line: ${line}`);
  }
  return { total: times.reduce((sum, value) => sum + value, 0), steal: times[7] ?? 0 };
}

/** Now, or null where the system has no `/proc/stat` (the bench then reports no steal). */
export async function readMachineCpuTimes(): Promise<MachineCpuTimes | null> {
  try {
    return machineCpuTimesFromStat(await readFile('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The machine's CPU time that passed between two readings; null when either is missing. */
export function cpuTimesBetween(
  before: MachineCpuTimes | null,
  after: MachineCpuTimes | null,
): MachineCpuTimes | null {
  if (!before || !after) return null;
  return { total: after.total - before.total, steal: after.steal - before.steal };
}

/** Times that passed over several runs, summed; null once any run's could not be read. */
export function sumCpuTimes(times: readonly (MachineCpuTimes | null)[]): MachineCpuTimes | null {
  let sum: MachineCpuTimes | null = { total: 0, steal: 0 };
  for (const each of times) {
    sum = sum && each ? { total: sum.total + each.total, steal: sum.steal + each.steal } : null;
  }
  return sum;
}

/**
 * The share, in percent, of the machine's CPU time that its hypervisor gave other guests while `passed`
 * went by. On a shared virtual machine it swung from 2% to over 30% within minutes (2026-11-28): a figure
 * measured under a lot of steal is not comparable with one measured under little, so each run reports it.
 */
export function stealPercent(passed: MachineCpuTimes | null): number | null {
  if (!passed || passed.total <= 0) return null;
  return Math.round((100 * passed.steal) / passed.total);
}
