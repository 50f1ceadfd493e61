/**
 * Draws the demo videos from demo-videos.json: slide-style H.264/AAC MP4s (title cards, a moving shape, a
 * progress bar, a soft chime per slide), a JPEG poster and WebVTT captions each, into demo-media/.
 * The output is committed, so a fresh install needs no ffmpeg; rerun after editing the catalogue:
 *   sh scripts/make-demo-videos.sh     (needs Debian's ffmpeg and fonts-dejavu-core)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  demoDuration,
  demoFiles,
  demoMediaDir,
  loadDemoCatalogue,
  type DemoVideo,
} from '../modules/videos/index.ts';

const run = promisify(execFile);
const fonts = '/usr/share/fonts/truetype/dejavu';
const outDir = fileURLToPath(demoMediaDir);
const frameRate = 25;

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function captions(video: DemoVideo): string {
  let start = 0;
  const cues = video.slides.map((slide, index) => {
    const cue = `${index + 1}\n${vttTime(start)} --> ${vttTime(start + slide.seconds)}\n${[slide.heading, ...slide.lines].join('\n')}`;
    start += slide.seconds;
    return cue;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** drawtext reads text from files, so no quoting of the catalogue's words inside the filter graph. */
async function videoFilter(video: DemoVideo, work: string, width: number, height: number): Promise<string> {
  const portrait = height > width;
  const duration = demoDuration(video);
  const scale = width / (portrait ? 720 : 1280);
  const headingSize = Math.round((portrait ? 64 : 60) * scale);
  const lineSize = Math.round((portrait ? 44 : 38) * scale);
  const left = portrait ? '(w-text_w)/2' : `${Math.round(width * 0.08)}`;
  const top = Math.round(height * (portrait ? 0.38 : 0.34));
  const filters: string[] = [];
  const text = async (
    name: string,
    content: string,
    font: string,
    size: number,
    x: string,
    y: number,
    enable?: [number, number],
  ) => {
    const file = path.join(work, `${name}.txt`);
    await writeFile(file, content);
    const timing = enable
      ? `:enable='between(t,${enable[0]},${enable[1]})':alpha='min(1,(t-${enable[0]})/0.5)'`
      : '';
    filters.push(
      `drawtext=fontfile=${fonts}/${font}:textfile=${file}:fontsize=${size}:fontcolor=white:x=${x}:y=${y}${timing}`,
    );
  };

  await text(
    'brand',
    'Uplift',
    'DejaVuSans-Bold.ttf',
    Math.round(28 * scale),
    `${Math.round(width * 0.06)}`,
    Math.round(height * 0.05),
  );
  let start = 0;
  for (const [index, slide] of video.slides.entries()) {
    const window: [number, number] = [start, start + slide.seconds];
    await text(`h${index}`, slide.heading, 'DejaVuSans-Bold.ttf', headingSize, left, top, window);
    for (const [row, line] of slide.lines.entries()) {
      const y = top + headingSize + Math.round(lineSize * 0.8) + row * Math.round(lineSize * 1.4);
      await text(`l${index}-${row}`, line, 'DejaVuSans.ttf', lineSize, left, y, window);
    }
    const counter = `${index + 1} / ${video.slides.length}`;
    await text(
      `c${index}`,
      counter,
      'DejaVuSans.ttf',
      Math.round(24 * scale),
      `w-text_w-${Math.round(width * 0.06)}`,
      Math.round(height * 0.05),
      window,
    );
    start += slide.seconds;
  }
  const barHeight = Math.max(6, Math.round(10 * scale));
  // Inputs: [0] the background, [1] the drifting accent square, [2] the progress bar sliding in from the left.
  const shapeX = `${Math.round(width * 0.78)}+${Math.round(width * 0.06)}*sin(2*PI*t/7)`;
  const shapeY = `${Math.round(height * (portrait ? 0.16 : 0.62))}+${Math.round(height * 0.05)}*cos(2*PI*t/5)`;
  return [
    `[0][1]overlay=eval=frame:x='${shapeX}':y='${shapeY}'[a]`,
    `[a][2]overlay=eval=frame:x='-${width}+${width}*t/${duration}':y=${height - barHeight}[b]`,
    `[b]${filters.join(',')},format=yuv420p[out]`,
  ].join(';');
}

async function render(video: DemoVideo, work: string): Promise<void> {
  const portrait = video.kind === 'short';
  const [width, height] = portrait ? [720, 1280] : [1280, 720];
  const duration = demoDuration(video);
  const slide = video.slides[0]?.seconds ?? duration;
  const shape = Math.round(Math.min(width, height) * 0.14);
  const barHeight = Math.max(6, Math.round(10 * (width / (portrait ? 720 : 1280))));
  const files = demoFiles(video.slug);
  const media = path.join(outDir, files.media);
  const accent = video.accent;
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...['-f', 'lavfi', '-i', `color=c=${video.background}:s=${width}x${height}:d=${duration}:r=${frameRate}`],
    ...['-f', 'lavfi', '-i', `color=c=${accent}@0.85:s=${shape}x${shape}:d=${duration}:r=${frameRate}`],
    ...['-f', 'lavfi', '-i', `color=c=${accent}:s=${width}x${barHeight}:d=${duration}:r=${frameRate}`],
    // A soft chime at the start of every slide (slides of one video share a length).
    ...[
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=0.2*sin(2*PI*587.33*t)*exp(-4*mod(t\\,${slide})):s=48000:d=${duration}`,
    ],
    ...['-filter_complex', await videoFilter(video, work, width, height)],
    ...['-map', '[out]', '-map', '3:a'],
    ...['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-crf', '30', '-g', `${frameRate * 2}`],
    ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
    ...['-movflags', '+faststart', '-t', `${duration}`, media],
  ]);
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...['-ss', '1.5', '-i', media, '-frames:v', '1'],
    ...['-vf', `scale=${portrait ? 360 : 640}:-2`, '-q:v', '5', path.join(outDir, files.poster)],
  ]);
  await writeFile(path.join(outDir, files.captions), captions(video));
}

const catalogue = await loadDemoCatalogue();
const work = await mkdtemp(path.join(tmpdir(), 'uplift-demo-media-'));
try {
  for (const video of catalogue) {
    const videoWork = path.join(work, video.slug);
    await run('mkdir', ['-p', videoWork]);
    await render(video, videoWork);
    console.log(`drew ${video.slug}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
let total = 0;
for (const name of await readdir(outDir)) total += (await stat(path.join(outDir, name))).size;
console.log(`demo media: ${catalogue.length} videos, ${(total / 1024 / 1024).toFixed(2)} MB`);
