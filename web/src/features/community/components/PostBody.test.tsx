import { render } from '@testing-library/preact';
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
});
