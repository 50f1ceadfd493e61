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

describe('a prerendered page', () => {
  it('takes the splash’s place in #root, inert until the app replaces it, with its own title', () => {
    const html = withPrerenderedPage(indexHtml, {
      html: '<main><h1>Partners</h1></main>',
      documentTitle: 'Partners <& more> - Uplift',
      description: 'Employers "near" you.',
    });
    expect(html).toContain(
      '<div id="root"><div data-prerendered inert aria-hidden="true"><main><h1>Partners</h1></main></div></div>',
    );
    expect(html).not.toContain('Loading…');
    expect(html).toContain('<noscript><p>Uplift needs JavaScript to run.</p></noscript>');
    expect(html).toContain('<title>Partners &lt;&amp; more&gt; - Uplift</title>');
    expect(html).toContain('<meta name="description" content="Employers &quot;near&quot; you." />');
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

  it('asks for the app’s code only once the page has painted, at low priority', () => {
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

    // start-after-paint.js adds the code to the document in the task after the first frame.
    document.documentElement.innerHTML = new DOMParser().parseFromString(
      html,
      'text/html',
    ).documentElement.innerHTML;
    vi.useFakeTimers();
    try {
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      new Function(startAfterPaint)();
      const codeInHead = () =>
        document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]');
      expect(codeInHead()).toHaveLength(0);
      frames.forEach((frame) => frame(0));
      expect(codeInHead()).toHaveLength(0);
      vi.runAllTimers();
      expect([...codeInHead()].map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href'))).toEqual([
        '/assets/index.js',
        '/assets/router.js',
      ]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      document.documentElement.innerHTML = '<head></head><body></body>';
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
      '<div id="root"><div data-prerendered inert aria-hidden="true"><main><article>A post</article></main></div></div>',
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
