import { describe, expect, it, vi } from 'vitest';
import {
  appCodeTemplateId,
  pageModulePreloads,
  prerenderedFileName,
  withFirstReads,
  withPrerenderedPage,
  type ViteManifest,
} from './prerender-html.ts';
import startAfterPaint from '../public/start-after-paint.js?raw';
import { prerenderedStylesScript } from '@uplift/contracts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The app." />
    <title>Uplift - Mobile App</title>
  </head>
  <body>
    <div id="root">
      <div role="status"><p>Loading…</p></div>
    </div>
    <noscript><p>Uplift needs JavaScript to run.</p></noscript>
  </body>
</html>`;

/** A drawn page of `indexHtml` with its entry and one preload waiting in the template. */
function drawnPageWithCode(): string {
  const withScripts = indexHtml.replace(
    '</head>',
    '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/router.js">\n</head>',
  );
  return withPrerenderedPage(withScripts, { html: '<p>Home</p>', documentTitle: 'Home', description: null });
}

/**
 * `html` as the document, then web/public/start-after-paint.js run in it with fake timers, frames and
 * (with `paintTiming`) paint entries delivered by the test.
 */
function runStartAfterPaint(html: string, { paintTiming }: { paintTiming: boolean }) {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const observers: { callback: PerformanceObserverCallback; self: PerformanceObserver; live: boolean }[] = [];
  class PaintObserver {
    static readonly supportedEntryTypes = ['paint'];
    private readonly record;
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, self: this as unknown as PerformanceObserver, live: false };
      observers.push(this.record);
    }
    observe(options: PerformanceObserverInit) {
      this.record.live = options.type === 'paint';
    }
    disconnect() {
      this.record.live = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', paintTiming ? PaintObserver : undefined);
  new Function(startAfterPaint)();
  return {
    frame: () => frames.splice(0).forEach((frame) => frame(0)),
    reportPaint(name: string) {
      const entries = [{ name, entryType: 'paint' }] as PerformanceEntryList;
      const list = { getEntries: () => entries } as PerformanceObserverEntryList;
      for (const observer of observers) if (observer.live) observer.callback(list, observer.self);
    },
    codeInHead: () =>
      [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
        (tag) => tag.getAttribute('src') ?? tag.getAttribute('href'),
      ),
    /** The tags added so far, once the tasks that add them one by one have all run. */
    async allCodeInHead() {
      await vi.waitFor(() => expect(this.codeInHead()).toHaveLength(2));
      return this.codeInHead();
    },
    close() {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      document.documentElement.innerHTML = '<head></head><body></body>';
    },
  };
}

describe('a prerendered page', () => {
  it('takes the splash’s place in #root, inert until the app replaces it, with its own title', () => {
    const html = withPrerenderedPage(indexHtml, {
      html: '<main><h1>Partners</h1></main>',
      documentTitle: 'Partners <& more> - Uplift',
      description: 'Employers "near" you.',
    });
    expect(html).toContain(
      `<div id="root"><div data-prerendered inert aria-hidden="true"><main><h1>Partners</h1></main></div><script>${prerenderedStylesScript}</script></div>`,
    );
    expect(html).not.toContain('Loading…');
    expect(html).toContain('<noscript><p>Uplift needs JavaScript to run.</p></noscript>');
    expect(html).toContain('<title>Partners &lt;&amp; more&gt; - Uplift</title>');
    expect(html).toContain('<meta name="description" content="Employers &quot;near&quot; you." />');
  });

  it('carries no style attribute, and has its styles set through the CSSOM before anything else runs', () => {
    const html = withPrerenderedPage(indexHtml, {
      html: '<nav><ul><li style="width:25%">Home</li><li class="x" style="width:75%;color:red">a style=&quot;x&quot; in text</li></ul></nav>',
      documentTitle: 'Home',
      description: null,
    });
    // React escapes the quotes of text, so text that reads like an attribute stays text.
    expect(html).not.toMatch(/ style="/);
    expect(html).toContain('a style=&quot;x&quot; in text');
    // Parsed as a browser does; scripts in parsed markup do not run, so the page's one inline script is run
    // here as the parser would, in place.
    document.documentElement.innerHTML = new DOMParser().parseFromString(
      html,
      'text/html',
    ).documentElement.innerHTML;
    const script = document.querySelector('#root > script');
    expect(script?.textContent).toBe(prerenderedStylesScript);
    new Function(script?.textContent ?? '')();
    const [home, rest] = document.querySelectorAll('li');
    expect(home?.style.width).toBe('25%');
    expect(rest?.style.cssText).toBe('width: 75%; color: red;');
    expect(rest?.className).toBe('x');
    expect(document.querySelectorAll('[data-style]')).toHaveLength(0);
    document.documentElement.innerHTML = '<head></head><body></body>';
  });

  it('asks for the page’s first API reads with the HTML, as the app will', () => {
    const withScripts = indexHtml.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>\n</head>',
    );
    const html = withPrerenderedPage(
      withScripts,
      { html: '<p>Community</p>', documentTitle: 'Community', description: null },
      { apiReads: ['/api/community/posts', '/api/partners?pageSize=20&page=1'] },
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/community/posts">\n' +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/partners?pageSize=20&amp;page=1">\n' +
        '</head>',
    );
  });

  it('asks for the app’s code only once the page has painted, at low priority', async () => {
    const withScripts = indexHtml.replace(
      '</head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/router.js">\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index.css">\n</head>',
    );
    const html = withPrerenderedPage(withScripts, {
      html: '<p>Home</p>',
      documentTitle: 'Home',
      description: null,
    });
    // Nothing of the code is asked for with the HTML: it waits, inert, in a template.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|modulepreload/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain(
      `<template id="${appCodeTemplateId}">\n` +
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/router.js">\n' +
        '</template>\n<script src="/start-after-paint.js" defer></script>\n</body>',
    );

    // Without paint timing, start-after-paint.js adds the code in the task after the first frame.
    const page = runStartAfterPaint(html, { paintTiming: false });
    try {
      expect(page.codeInHead()).toEqual([]);
      page.frame();
      expect(page.codeInHead()).toEqual([]);
      vi.advanceTimersByTime(0);
      expect(page.codeInHead()).toEqual(['/assets/index.js']);
      expect(await page.allCodeInHead()).toEqual(['/assets/index.js', '/assets/router.js']);
    } finally {
      page.close();
    }
  });

  it('asks for the code when the first contentful paint is reported, once that frame is on screen', async () => {
    const page = runStartAfterPaint(drawnPageWithCode(), { paintTiming: true });
    try {
      // The frame's main-thread part is not enough: it may not be presented yet.
      page.frame();
      vi.advanceTimersByTime(999);
      page.reportPaint('first-paint');
      expect(page.codeInHead()).toEqual([]);
      page.reportPaint('first-contentful-paint');
      // The entry at once; each preload in a task of its own after it, so no one task adds them all.
      expect(page.codeInHead()).toEqual(['/assets/index.js']);
      expect(await page.allCodeInHead()).toEqual(['/assets/index.js', '/assets/router.js']);
      // Once only: the fallback finds it done.
      vi.advanceTimersByTime(5000);
      expect(page.codeInHead()).toEqual(['/assets/index.js', '/assets/router.js']);
    } finally {
      page.close();
    }
  });

  it('asks for the code a second after the first frame should that paint never be reported', async () => {
    const page = runStartAfterPaint(drawnPageWithCode(), { paintTiming: true });
    try {
      // No frame yet (a hidden tab): the code waits.
      vi.advanceTimersByTime(5000);
      expect(page.codeInHead()).toEqual([]);
      page.frame();
      vi.advanceTimersByTime(999);
      expect(page.codeInHead()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(await page.allCodeInHead()).toEqual(['/assets/index.js', '/assets/router.js']);
    } finally {
      page.close();
    }
  });

  it('preloads the page’s own code with the app’s, once, after the entry', () => {
    const withScripts = indexHtml.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/router.js">\n</head>',
    );
    const manifest: ViteManifest = {
      'src/main.tsx': { file: 'assets/index.js', imports: ['_router.js'] },
      '_router.js': { file: 'assets/router.js' },
      '_card.js': { file: 'assets/card.js', imports: ['_router.js', '_format.js'] },
      '_format.js': { file: 'assets/format.js', imports: ['_card.js'] },
      'src/features/home/HomePage.tsx': {
        file: 'assets/HomePage.js',
        isDynamicEntry: true,
        imports: ['_router.js', '_card.js', '_format.js'],
      },
    };
    const modulePreloads = pageModulePreloads(manifest, 'src/features/home/HomePage.tsx', withScripts);
    expect(modulePreloads).toEqual(['/assets/HomePage.js', '/assets/card.js', '/assets/format.js']);
    const html = withPrerenderedPage(
      withScripts,
      { html: '<p>Home</p>', documentTitle: 'Home', description: null },
      { modulePreloads },
    );
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/router.js">\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/HomePage.js">\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card.js">\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/format.js">\n</template>',
    );
    expect(() => pageModulePreloads(manifest, '_card.js', withScripts)).toThrow(/not a page chunk/);
  });

  it('keeps the app’s description when the page has none', () => {
    const html = withPrerenderedPage(indexHtml, {
      html: '<p>Chat</p>',
      documentTitle: 'Chat',
      description: null,
    });
    expect(html).toContain('content="The app."');
  });

  it('refuses an index.html it cannot place the page in', () => {
    expect(() =>
      withPrerenderedPage('<html><body></body></html>', { html: '', documentTitle: '', description: null }),
    ).toThrow(/#root/);
  });

  it('names files after the path', () => {
    expect(prerenderedFileName('/')).toBe('home.html');
    expect(prerenderedFileName('/skills-public')).toBe('skills-public.html');
  });
});

describe('a prerendered page drawn again with its data', () => {
  const prerendered = withPrerenderedPage(
    indexHtml,
    { html: '<main><p>Loading posts</p></main>', documentTitle: 'Community - Uplift', description: null },
    { apiReads: ['/api/community/posts', '/api/chat/quota'] },
  );
  const drawn = withFirstReads(prerendered, '<main><article>A post</article></main>', {
    urls: ['/api/community/posts'],
    state: { queries: [{ body: 'Ends a script? </script><script>alert(1)</script>' }] },
  });

  it('shows the data in place of the picture drawn without it, still inert', () => {
    expect(drawn).toContain(
      `<div id="root"><div data-prerendered inert aria-hidden="true"><main><article>A post</article></main></div><script>${prerenderedStylesScript}</script></div>`,
    );
    expect(drawn).not.toContain('Loading posts');
    expect(drawn).toContain('<title>Community - Uplift</title>');
  });

  it('carries the answers for the app, where no text in them can end the script element', () => {
    const carried = /<script type="application\/json" id="first-reads">(.*?)<\/script>/.exec(drawn)?.[1];
    expect(JSON.parse(carried ?? '')).toEqual({
      queries: [{ body: 'Ends a script? </script><script>alert(1)</script>' }],
    });
    expect(drawn).not.toContain('<script>alert(1)');
  });

  it('drops the preload of a read it carries, and keeps the others', () => {
    expect(drawn).not.toContain('href="/api/community/posts"');
    expect(drawn).toContain('href="/api/chat/quota"');
  });
});
