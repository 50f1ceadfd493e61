import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './MarkdownText.tsx';

describe('MarkdownText', () => {
  it('renders an answer: paragraphs, emphasis, lists, quotes, code and rules', () => {
    render(
      <MarkdownText
        text={[
          'Start with **one small step** and *keep going* [1].',
          '1. Write it down\n2. Share it',
          '- a\n- b',
          '> Tip: ask early.',
          '```\nnpm test\n```',
          '***',
          'The end.',
        ].join('\n\n')}
      />,
    );

    expect(screen.getByRole('strong')).toHaveTextContent('one small step');
    expect(screen.getByRole('emphasis')).toHaveTextContent('keep going');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Write it down',
      'Share it',
      'a',
      'b',
    ]);
    expect(screen.getByRole('blockquote')).toHaveTextContent('Tip: ask early.');
    expect(screen.getByRole('code')).toHaveTextContent('npm test');
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });

  it('reads headings as bold lines, keeping the page outline', () => {
    render(<MarkdownText text={'# Your next steps\n\n### Then\n\nBody'} />);

    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Your next steps').tagName).toBe('P');
    expect(screen.getByText('Then')).toHaveClass('font-semibold');
  });

  it('loads no image: its description stands in, and one without a description goes', () => {
    const { container } = render(
      <MarkdownText
        text={'![Team photo](https://tracker.example/p.png) ![](https://tracker.example/q.png)'}
      />,
    );

    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img, [src]')).toBeNull();
    expect(screen.getByText('[Team photo]')).toBeVisible();
  });

  it("opens the app's own screens in the app", () => {
    render(
      <MemoryRouter>
        <MarkdownText text="- [Take a skills assessment](/skills) to see where you stand." />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Take a skills assessment' });
    expect(link).toHaveAttribute('href', '/skills');
    expect(link).not.toHaveAttribute('target');
  });

  it('opens safe links apart from the app', () => {
    render(<MarkdownText text="Read [the guide](https://example.org/guide)." />);

    const link = screen.getByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.org/guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['javascript:', '[open](javascript:alert(1))'],
    ['vbscript:', '[open](vbscript:msgbox(1))'],
    ['data:', '[open](data:text/html,<script>alert(1)</script>)'],
    ['JaVaScRiPt: behind an entity', '[open](&#74;aVaScRiPt:alert(1))'],
  ])('drops a %s link target and keeps its text', (_, text) => {
    const { container } = render(<MarkdownText text={text} />);

    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(screen.getByText('open')).toBeVisible();
  });

  it('drops raw HTML: no script, image, frame or event handler comes of it', () => {
    const { container } = render(
      <MarkdownText
        text={[
          'Fine <script>window.hacked = true</script> text <img src="x" onerror="window.hacked = true">',
          '<iframe src="https://tracker.example/frame"></iframe>',
          '<details open ontoggle="window.hacked = true"><summary>More</summary></details>',
        ].join('\n\n')}
      />,
    );

    expect(container.firstElementChild?.querySelector('script, img, iframe, details, summary')).toBeNull();
    const attributes = [...container.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name),
    );
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^Fine\s+text$/);
  });

  it('keeps to CommonMark as before: GitHub tables, strikethrough and bare URLs stay text', () => {
    render(
      <MarkdownText
        text={'| Skill | Level |\n| --- | --- |\n| SQL | 3 |\n\n~~old~~ see https://example.org'}
      />,
    );

    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('deletion')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/\| Skill \| Level \|/)).toBeVisible();
    expect(screen.getByText('~~old~~ see https://example.org')).toBeVisible();
  });

  it('follows an answer as it streams in', () => {
    const { rerender } = render(<MarkdownText text="Start with **one sm" />);
    expect(screen.queryByRole('strong')).toBeNull();

    rerender(<MarkdownText text="Start with **one small step**" />);
    expect(screen.getByRole('strong')).toHaveTextContent('one small step');
  });
});
