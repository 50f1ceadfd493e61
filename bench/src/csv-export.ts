import { count } from 'drizzle-orm';
import { createDatabase } from '../../server/src/db/client.ts';
import { users } from '../../server/src/db/schema.ts';
import { startOwnDatabase } from './own-database.ts';
import { signIn } from './session.ts';
import { round } from './stats.ts';
import { residentMiB } from './uploads.ts';

export interface CsvExportResult {
  /** Members added for the run; the export also carries the seeded accounts. */
  addedMembers: number;
  /** Data records in each export (the header line not counted), checked against the users table. */
  rows: number;
  bytes: number;
  runs: number;
  /** Wall time of each timed export, request sent to last byte read, in milliseconds. */
  wallMs: number[];
  /** Rows per second of the median run. */
  rowsPerSecond: number;
  /** The server's resident memory (VmRSS) just before the timed exports, and the highest sampled during. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

const ADDED_MEMBERS = 10_000;
const TIMED_RUNS = 3;
const EXPORT_PATH = '/api/users/export.csv';

/**
 * Names as admins meet them, with the characters CSV must quote (commas, quotes, line breaks) and a
 * formula the export must neutralise, so the escaper's work is part of what is timed.
 */
const names = ['Amara Okafor', 'Okafor, Amara', 'Diego "Dee" Ramírez', 'Mei\nChen', '=HYPERLINK("x")', 'Sam'];

/** Data records in a CSV body: CRLFs outside quoted fields, minus the header line. */
function recordsIn(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv.charCodeAt(i);
    if (char === 34) quoted = !quoted;
    else if (char === 10 && !quoted && csv.charCodeAt(i - 1) === 13) records += 1;
  }
  return records - 1;
}

/**
 * GET /api/users/export.csv of 10,000 members and more, streamed from a production server of its own: the
 * members are written straight into its database (registering 10,000 accounts through the API would time
 * password hashing, not the export), then the export is read three times after a warm-up while the
 * server's memory is sampled every 20 ms.
 */
export async function measureCsvExport(
  repoRoot: string,
  webDistDir: string,
  log: (message: string) => void,
): Promise<CsvExportResult> {
  const database = await startOwnDatabase({ label: 'csv', repoRoot, webDistDir });
  const db = createDatabase(database.url);
  try {
    const server = await database.startServer();
    log(`writing ${ADDED_MEMBERS} members into the export server's database`);
    const joined = Date.now() - 400 * 24 * 3_600_000;
    for (let start = 0; start < ADDED_MEMBERS; start += 1_000) {
      await db.insert(users).values(
        Array.from({ length: 1_000 }, (_, i) => {
          const n = start + i;
          return {
            email: `member-${String(n).padStart(5, '0')}@csv.bench.test`,
            displayName: `${names[n % names.length]} ${n}`,
            role: n % 7 === 0 ? ('member-tier-2' as const) : ('member-tier-1' as const),
            // Never a valid hash: these accounts exist to be listed, not to sign in.
            passwordHash: 'bench:no-sign-in',
            createdAt: new Date(joined + n * 3_400_000),
            suspendedAt: n % 50 === 0 ? new Date() : null,
          };
        }),
      );
    }
    const [total] = await db.select({ n: count() }).from(users);
    const expected = total?.n ?? 0;

    const cookie = await signIn(server.origin, database.admin);
    const download = async () => {
      const started = performance.now();
      const response = await fetch(`${server.origin}${EXPORT_PATH}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(120_000),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${EXPORT_PATH} answered ${response.status}`);
      return { body, ms: performance.now() - started };
    };
    const warm = await download();
    const rows = recordsIn(warm.body);
    if (rows !== expected) throw new Error(`the export had ${rows} rows; the users table has ${expected}`);

    const rssBeforeMiB = await residentMiB(server.pid);
    let rssPeakMiB = rssBeforeMiB;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rssPeakMiB = Math.max(rssPeakMiB, await residentMiB(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const wallMs: number[] = [];
    try {
      for (let run = 0; run < TIMED_RUNS; run += 1) wallMs.push((await download()).ms);
    } finally {
      sampling = false;
      await sampler;
    }
    const median = [...wallMs].sort((a, b) => a - b)[Math.floor(wallMs.length / 2)] ?? 0;
    return {
      addedMembers: ADDED_MEMBERS,
      rows,
      bytes: Buffer.byteLength(warm.body),
      runs: TIMED_RUNS,
      wallMs: wallMs.map((ms) => round(ms)),
      rowsPerSecond: Math.round(rows / (median / 1000)),
      rssBeforeMiB: Math.round(rssBeforeMiB),
      rssPeakMiB: Math.round(rssPeakMiB),
    };
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

export function formatCsvExport(result: CsvExportResult): string[] {
  return [
    `${result.rows} rows (${result.addedMembers} added members and the seeded accounts), ` +
      `${(result.bytes / 2 ** 20).toFixed(2)} MiB, streamed`,
    `${result.rowsPerSecond.toLocaleString('en')} rows/s (median of ${result.runs}: ` +
      `${result.wallMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    `server RSS ${result.rssBeforeMiB} MiB before, peak ${result.rssPeakMiB} MiB while exporting`,
  ];
}
