import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostBody } from './PostBody.tsx';

describe('PostBody', () => {
  it('renders no script element and no event-handler attribute from a hostile post', () => {
    const hostile = [
      'Hello **team**',
      '<script>window.hacked = true</script>',
      '<img src="x" onerror="window.hacked = true">',
      '<p onclick="alert(1)">click</p>',
      '[link](javascript:alert(1)) ![pic](https://tracker.example/x.png)',
    ].join('\n\n');
    const { container } = render(<PostBody text={hostile} />);

    expect(container.querySelector('script, img, iframe')).toBeNull();
    const attributes = [...container.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name),
    );
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(container.querySelector('strong')?.textContent).toBe('team');
  });

  it('keeps safe links, opening apart from the app', () => {
    const { container } = render(<PostBody text="See [the guide](https://example.org/guide)" />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/guide');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('marks links as user content that search engines should not follow', () => {
    render(<PostBody text="See [the guide](https://example.org/guide) or [the hub](/community)" />);

    const guide = screen.getByRole('link', { name: 'the guide' });
    expect(guide).toHaveAttribute('target', '_blank');
    expect(guide).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.getByRole('link', { name: 'the hub' })).toHaveAttribute('href', '/community');
  });

  it.each([
    ['javascript:', '[run](javascript:alert(1))'],
    ['javascript: behind an entity', '[run](&#106;avascript:alert(1))'],
    ['vbscript:', '[run](vbscript:msgbox(1))'],
    ['data:', '[run](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data: image', '[run](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['a reference to javascript:', '[run][x]\n\n[x]: javascript:alert(1)'],
  ])('drops a %s link target and keeps its text', (_, text) => {
    const { container } = render(<PostBody text={text} />);

    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(screen.getByText('run')).toBeVisible();
  });

  it('turns no raw HTML into elements: an HTML block goes, inline tags leave their text', () => {
    const { container } = render(
      <PostBody
        text={[
          'Say <b>hello</b> <img src="x" onerror="window.hacked = true"> there <a href="https://example.org">friend</a>',
          '<iframe src="https://tracker.example/frame"></iframe>',
          '<div onclick="alert(1)">a hidden block</div>',
        ].join('\n\n')}
      />,
    );

    expect(container.firstElementChild?.querySelector('b, img, iframe, div')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('paragraph')).toHaveTextContent('Say hello there friend');
    expect(screen.queryByText(/hidden block/)).toBeNull();
  });

  it('never loads an image, whichever way it is written', () => {
    const { container } = render(
      <PostBody
        text={'![pic](https://tracker.example/a.png) ![ref pic][t]\n\n[t]: https://tracker.example/b.png'}
      />,
    );

    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img, [src]')).toBeNull();
  });

  it('numbers a list from where its source starts it', () => {
    render(<PostBody text={'3. third\n4. fourth\n\n- one\n\n1. again'} />);
    const [continued, bullets, fromOne] = screen.getAllByRole('list');
    expect(continued).toHaveAttribute('start', '3');
    expect(bullets).not.toHaveAttribute('start');
    expect(fromOne).not.toHaveAttribute('start');
  });

  it('renders the safe subset: paragraphs, emphasis, lists, quotes and code', () => {
    render(
      <PostBody
        text={[
          'Some *light* and **strong** words.',
          '1. first\n2. second',
          '- one\n- two',
          '> a quote',
          'Run `npm test` or:\n\n```\nnpm run check\n```',
        ].join('\n\n')}
      />,
    );

    expect(screen.getByRole('emphasis')).toHaveTextContent('light');
    expect(screen.getByRole('strong')).toHaveTextContent('strong');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'first',
      'second',
      'one',
      'two',
    ]);
    expect(screen.getByRole('blockquote')).toHaveTextContent('a quote');
    expect(screen.getAllByRole('code').map((code) => code.textContent)).toEqual([
      'npm test',
      'npm run check',
    ]);
  });

  it('unwraps anything else to its text: headings, rules and GitHub tables stay plain', () => {
    const { container } = render(
      <PostBody
        text={'# Big news\n\n## Second line\n\n---\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n~~old~~ plan'}
      />,
    );

    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('deletion')).toBeNull();
    // The unwrapped headings stay apart, on two lines.
    expect(container.firstElementChild?.textContent).toMatch(/^Big news\s+Second line/);
    expect(screen.getByText(/~~old~~ plan/)).toBeVisible();
  });
});
