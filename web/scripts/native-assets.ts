/**
 * Draws the shells' launcher icons and splash screens from the Uplift mark (public/favicon.svg), at the
 * sizes the Android and iOS projects already declare: `npm run native:assets --workspace web`.
 * Rendered by the system Chromium (the project never downloads a browser; @capacitor/assets needs a
 * libvips download this machine cannot make).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const brand = '#5755d9';
/** SPEC §7's native status bar colour, so the splash and the bar are one surface. */
const splashBackground = '#1C1C1C';

/** The arrow of public/favicon.svg on a 512 grid. */
const arrow = `<g transform="translate(-36 0)" fill="none" stroke="#fff" stroke-width="56" stroke-linecap="round" stroke-linejoin="round">
  <path d="M160 200v96a96 96 0 0 0 192 0V136"/><path d="M280 200l72-72 72 72"/></g>`;

type Kind = 'icon' | 'round' | 'foreground' | 'appStore' | 'splash';

function svg(kind: Kind, width: number, height: number): string {
  const side = Math.min(width, height);
  switch (kind) {
    case 'icon':
      return `<svg viewBox="0 0 512 512" width="${width}" height="${height}"><rect width="512" height="512" rx="112" fill="${brand}"/>${arrow}</svg>`;
    case 'round':
      return `<svg viewBox="0 0 512 512" width="${width}" height="${height}"><circle cx="256" cy="256" r="256" fill="${brand}"/><g transform="translate(64 64) scale(.75)">${arrow}</g></svg>`;
    case 'foreground':
      // Adaptive icons show the middle 66 of 108 units: the arrow stays well inside it.
      return `<svg viewBox="0 0 512 512" width="${width}" height="${height}"><g transform="translate(128 128) scale(.5)">${arrow}</g></svg>`;
    case 'appStore':
      // iOS rounds the corners itself and refuses transparency.
      return `<svg viewBox="0 0 512 512" width="${width}" height="${height}"><rect width="512" height="512" fill="${brand}"/>${arrow}</svg>`;
    case 'splash': {
      const mark = Math.round(side * 0.28);
      return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${splashBackground}"/>
        <svg x="${(width - mark) / 2}" y="${(height - mark) / 2}" width="${mark}" height="${mark}" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${brand}"/>${arrow}</svg></svg>`;
    }
  }
}

function kindOf(file: string): Kind | null {
  const name = path.basename(file);
  if (name.startsWith('splash')) return 'splash';
  if (name === 'ic_launcher.png') return 'icon';
  if (name === 'ic_launcher_round.png') return 'round';
  if (name === 'ic_launcher_foreground.png') return 'foreground';
  if (name.startsWith('AppIcon')) return 'appStore';
  return null;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const header = readFileSync(file);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

function pngsUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return pngsUnder(full);
    return name.endsWith('.png') ? [full] : [];
  });
}

const targets = [
  ...pngsUnder(path.join(webRoot, 'android/app/src/main/res')),
  ...pngsUnder(path.join(webRoot, 'ios/App/App/Assets.xcassets')),
].flatMap((file) => {
  const kind = kindOf(file);
  return kind ? [{ file, kind, ...pngSize(file) }] : [];
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const { file, kind, width, height } of targets) {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(kind, width, height)}</body></html>`,
    );
    const transparent = kind === 'icon' || kind === 'round' || kind === 'foreground';
    writeFileSync(file, await page.screenshot({ omitBackground: transparent }));
    console.log(`${path.relative(webRoot, file)} ${width}x${height}`);
  }
} finally {
  await browser.close();
}

const background = path.join(webRoot, 'android/app/src/main/res/values/ic_launcher_background.xml');
writeFileSync(
  background,
  readFileSync(background, 'utf8').replace(
    /(<color name="ic_launcher_background">)[^<]*/,
    `$1${brand.toUpperCase()}`,
  ),
);
