import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  Markdown,
  type MarkdownComponents,
  type MarkdownElement,
  type MarkdownElementProps,
} from './Markdown.tsx';

// Written the way an answer arrives: later lines change blocks already on screen.
const answer = [
  'See [the guide][guide] before you start.',
  'A claim worth checking[^1].',
  '- one\n- two\nthe next line joins the list',
  '1. first\n\n2. second, loose',
  'Becomes a heading\n===',
  '```\ncode\n\nwith a blank line\n```',
  '> quoted\nand lazily continued',
  'Some *emphasis* and **strength**.',
  '<div>a raw block</div>',
  '[guide]: https://example.org/guide',
  '[^1]: The source.',
].join('\n\n');

const postElements = new Set<MarkdownElement>(['p', 'em', 'strong', 'a', 'ul', 'ol', 'li']);

function html(text: string, props: { allowedElements?: ReadonlySet<MarkdownElement> }) {
  const fresh = render(<Markdown text={text} {...props} />);
  const markup = fresh.container.innerHTML;
  fresh.unmount();
  return markup;
}

describe('Markdown', () => {
  it.each([
    ['every element', {}],
    ['some elements unwrapped', { allowedElements: postElements }],
  ])('renders each step of a stream as a fresh render of that text would (%s)', (_, props) => {
    const streamed = render(<Markdown text="" {...props} />);
    for (let end = 1; end <= answer.length; end += 1) {
      const text = answer.slice(0, end);
      streamed.rerender(<Markdown text={text} {...props} />);
      expect(streamed.container.innerHTML, JSON.stringify(text)).toBe(html(text, props));
    }

    // A resumed stream starts again with the whole text, which need not extend what was there.
    const rewritten = answer.replace('before you start', 'first').replace('[^1]: The source.', '');
    streamed.rerender(<Markdown text={rewritten} {...props} />);
    expect(streamed.container.innerHTML).toBe(html(rewritten, props));
  });

  it('renders again only the block being written', () => {
    const paragraph = vi.fn(({ children }: MarkdownElementProps) => <p>{children}</p>);
    const components: MarkdownComponents = { p: paragraph };
    const { container, rerender } = render(<Markdown text={'Done.\n\nStill wri'} components={components} />);
    const done = container.querySelector('p');
    paragraph.mockClear();

    rerender(<Markdown text={'Done.\n\nStill writing'} components={components} />);

    expect(paragraph.mock.calls.map(([props]) => props.children)).toEqual([['Still writing']]);
    expect(container.querySelector('p')).toBe(done);
  });

  it('renders every block again with other components or allowed elements', () => {
    const text = 'One **bold** word.\n\nTwo.';
    const { container, rerender } = render(<Markdown text={text} />);

    const loud: MarkdownComponents = { p: ({ children }) => <p className="loud">{children}</p> };
    rerender(<Markdown text={text} components={loud} />);
    expect(container.querySelectorAll('p.loud')).toHaveLength(2);

    rerender(<Markdown text={text} components={loud} allowedElements={new Set(['p'])} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('One bold word.');
  });
});
