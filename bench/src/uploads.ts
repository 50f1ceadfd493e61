import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { percentile, round } from './stats.ts';

export interface UploadBenchResult {
  imageBytes: number;
  width: number;
  height: number;
  /** Sequential uploads, timed by the server (its Server-Timing header: receive + process). */
  sequential: { uploads: number; serverP50Ms: number; processP50Ms: number; clientP50Ms: number };
  burst: {
    uploads: number;
    succeeded: number;
    wallMs: number;
    /** The server process's resident memory (VmRSS) just before, and the highest sampled during. */
    rssBeforeMiB: number;
    rssPeakMiB: number;
    budgetMiB: number;
  };
}

const UPLOAD_PATH = '/api/profile/upload-image';
const RSS_BUDGET_MIB = 400;
const BURST = 20;
const SEQUENTIAL = 10;

/**
 * A phone-camera-like photo: 4000×3000, smooth colour fields with sensor-like noise, JPEG quality 90
 * (about 3.5 MB), stored sideways (EXIF orientation 6) so the server must rotate it. Seeded: every run
 * uploads the same bytes.
 */
export async function cameraPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const n = noise();
      raw[i] = 128 + 100 * Math.sin(x / 300) + n;
      raw[i + 1] = 128 + 90 * Math.cos(y / 200) + n;
      raw[i + 2] = 128 + 80 * Math.sin((x + y) / 500) + n;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The process's resident memory (VmRSS) now, in MiB. */
export async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return kib / 1024;
}

/**
 * The process's resident memory before a load, and its peak while the load runs: sampled every 250 ms
 * until `stop` (a sample that fails, as the process ends, is skipped).
 */
export async function watchResidentPeak(pid: number) {
  const beforeMiB = await residentMiB(pid);
  let peakMiB = beforeMiB;
  const sampler = setInterval(() => {
    residentMiB(pid).then(
      (now) => (peakMiB = Math.max(peakMiB, now)),
      () => undefined,
    );
  }, 250);
  return {
    beforeMiB,
    get peakMiB() {
      return peakMiB;
    },
    stop: () => clearInterval(sampler),
  };
}

function serverTiming(header: string | null, name: string): number {
  const match = new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? '');
  if (!match) throw new Error(`the upload answered without a Server-Timing ${name} entry`);
  return Number(match[1]);
}

/**
 * Each request comes from its own X-Forwarded-For address (the server trusts loopback proxies in the
 * bench), so the route's per-address rate limit (20 a minute) never answers 429 here.
 */
let address = 0;
async function upload(origin: string, cookie: string, photo: Buffer) {
  address += 1;
  const form = new FormData();
  form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${origin}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': `10.77.${address >> 8}.${address & 255}` },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  await response.arrayBuffer();
  return { status: response.status, clientMs: performance.now() - started, timing: response.headers };
}

const median = (values: number[]) => round(percentile(Float64Array.from(values).sort(), 0.5));

/** Timed uploads of one large photo, then 20 at once while the server's memory is sampled. */
export async function measureUploads(
  origin: string,
  pid: number,
  cookie: string,
): Promise<UploadBenchResult> {
  const photo = await cameraPhoto();
  const warm = await upload(origin, cookie, photo);
  if (warm.status !== 200) throw new Error(`POST ${UPLOAD_PATH} answered ${warm.status}`);

  const server: number[] = [];
  const processing: number[] = [];
  const client: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const result = await upload(origin, cookie, photo);
    if (result.status !== 200) throw new Error(`POST ${UPLOAD_PATH} answered ${result.status}`);
    const header = result.timing.get('server-timing');
    const process = serverTiming(header, 'process');
    server.push(serverTiming(header, 'receive') + process);
    processing.push(process);
    client.push(result.clientMs);
  }

  const rssBeforeMiB = await residentMiB(pid);
  let rssPeakMiB = rssBeforeMiB;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeakMiB = Math.max(rssPeakMiB, await residentMiB(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const burst = await Promise.all(Array.from({ length: BURST }, () => upload(origin, cookie, photo)));
  const wallMs = performance.now() - started;
  sampling = false;
  await sampler;

  return {
    imageBytes: photo.length,
    width: 4000,
    height: 3000,
    sequential: {
      uploads: SEQUENTIAL,
      serverP50Ms: median(server),
      processP50Ms: median(processing),
      clientP50Ms: median(client),
    },
    burst: {
      uploads: BURST,
      succeeded: burst.filter((result) => result.status === 200).length,
      wallMs: round(wallMs),
      rssBeforeMiB: Math.round(rssBeforeMiB),
      rssPeakMiB: Math.round(rssPeakMiB),
      budgetMiB: RSS_BUDGET_MIB,
    },
  };
}

export function formatUploads(result: UploadBenchResult): string[] {
  const { sequential: seq, burst } = result;
  const verdict = burst.rssPeakMiB < burst.budgetMiB ? 'within' : 'OVER';
  return [
    `photo: ${result.width}×${result.height} JPEG, ${(result.imageBytes / 2 ** 20).toFixed(2)} MiB`,
    `one at a time (${seq.uploads}): server p50 ${seq.serverP50Ms.toFixed(0)} ms ` +
      `(of which processing ${seq.processP50Ms.toFixed(0)} ms), client p50 ${seq.clientP50Ms.toFixed(0)} ms`,
    `${burst.uploads} at once: ${burst.succeeded}/${burst.uploads} stored in ${(burst.wallMs / 1000).toFixed(1)} s; ` +
      `server RSS ${burst.rssBeforeMiB} MiB before, peak ${burst.rssPeakMiB} MiB ` +
      `(${verdict} the ${burst.budgetMiB} MiB budget)`,
  ];
}
