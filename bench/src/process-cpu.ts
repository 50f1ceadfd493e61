import { readFile } from 'node:fs/promises';

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 a second on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system, all threads) in one `/proc/<pid>/stat` line. The command name, in
 * parentheses, may itself hold spaces and parentheses, so the fields are counted after its last `)`.
 */
export function cpuSecondsFromStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 (utime) and 15 (stime) of proc(5); the slice starts at field 3 (state).
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) throw new Error(`not a /proc stat line: ${stat}`);
  return (user + system) / TICKS_PER_SECOND;
}

/** The CPU time a process has used so far, in seconds (10 ms resolution). */
export async function processCpuSeconds(pid: number): Promise<number> {
  return cpuSecondsFromStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
}
