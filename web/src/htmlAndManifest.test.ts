import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import manifestJson from '../public/manifest.webmanifest?raw';
import { appDescription, appTitle } from './app/documentMeta.ts';

const page = new DOMParser().parseFromString(indexHtml, 'text/html');
const publicFiles = Object.keys(import.meta.glob('../public/*')).map((file) => file.replace('../public', ''));

describe('index.html', () => {
  it('has the mobile-app title, shown until the router titles the screen', () => {
    expect(page.title).toBe(appTitle);
  });

  it('describes a mobile app built on a web framework and cloud services', () => {
    const description = page.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description).toMatch(/mobile app/);
    expect(description).toMatch(/React/);
    expect(description).toMatch(/cloud services/);
    // The one the app puts back on screens without their own (app/documentMeta.ts).
    expect(description).toBe(appDescription);
  });

  it('lets the page use the whole screen, including under notches', () => {
    expect(page.querySelector('meta[name="viewport"]')?.getAttribute('content')).toContain(
      'viewport-fit=cover',
    );
  });

  it('has no inline script, which the server CSP (script-src self) would block', () => {
    const scripts = [...page.querySelectorAll('script')];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((script) => script.hasAttribute('src') && script.text.trim() === '')).toBe(true);
  });

  it('links only files that exist in public/', () => {
    const linked = [...page.querySelectorAll('link[href]')].map((link) => link.getAttribute('href'));
    expect(linked.filter((href) => !publicFiles.includes(href ?? ''))).toEqual([]);
  });
});

describe('web app manifest', () => {
  const manifest = JSON.parse(manifestJson) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };

  it('installs as a standalone app named Uplift', () => {
    expect(manifest).toMatchObject({
      name: 'Uplift',
      short_name: 'Uplift',
      start_url: '/',
      display: 'standalone',
    });
  });

  it('has 192 and 512 icons plus a maskable 512, all present in public/', () => {
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.icons.filter(({ src }) => !publicFiles.includes(src))).toEqual([]);
  });
});
