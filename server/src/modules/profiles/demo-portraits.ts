import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { ProcessedImage } from '../uploads/index.ts';

/** One demo member's portrait to draw: initials on the palette's colour at `index`. */
export interface Portrait {
  name: string;
  index: number;
}

/** What demo-portraits-main.ts reads on its standard input. */
export interface PortraitRequest {
  portraits: Portrait[];
  maxPixels: number;
}

/** A processed image as it crosses the pipe, its bytes in base64. */
export type SentImage = Omit<ProcessedImage, 'files'> & {
  files: Array<Omit<ProcessedImage['files'][number], 'bytes'> & { bytes: string }>;
};

const palette = ['#4f46e5', '#0f766e', '#b45309', '#be123c', '#1d4ed8', '#7c3aed', '#15803d', '#a21caf'];

/** A portrait drawn here (initials on a colour), never downloaded: rendered by sharp like any upload. */
export function initialsSvg({ name, index }: Portrait): Buffer {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const colour = palette[index % palette.length];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${colour}"/>` +
      `<circle cx="256" cy="200" r="150" fill="#ffffff" fill-opacity="0.12"/>` +
      `<text x="256" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="190" font-weight="700" ` +
      `fill="#ffffff" text-anchor="middle">${initials}</text></svg>`,
  );
}

const entry = fileURLToPath(new URL('./demo-portraits-main.ts', import.meta.url));

/** The server's own `--import` preloads (npm start's stripped copies), without `--watch` and the like. */
function preloads(execArgv: readonly string[]): string[] {
  return execArgv.flatMap((flag, index) => {
    if (flag.startsWith('--import=')) return [flag];
    const value = execArgv[index + 1];
    return flag === '--import' && value !== undefined ? [flag, value] : [];
  });
}

/**
 * Draws the portraits in a short-lived process of their own (demo-portraits-main.ts), in order. libvips,
 * about 30 MB of resident memory once loaded (its code, a font and their allocations), then never sits in
 * the server's memory because of the seed: only a server that receives an image loads it (decision 0031).
 */
export async function drawDemoPortraits(request: PortraitRequest): Promise<ProcessedImage[]> {
  const child = spawn(process.execPath, [...preloads(process.execArgv), entry], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(request));
  const [output, [code, signal]] = await Promise.all([
    text(child.stdout),
    once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>,
  ]);
  if (code !== 0) throw new Error(`drawing the demo portraits failed (${signal ?? `code ${code}`})`);
  return (JSON.parse(output) as SentImage[]).map((image) => ({
    ...image,
    files: image.files.map((file) => ({ ...file, bytes: Buffer.from(file.bytes, 'base64') })),
  }));
}
