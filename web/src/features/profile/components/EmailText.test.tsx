import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './EmailText.tsx';

const email = 'alexandra.konstantinopoulou@career-services.example.org';

/** The address's text pieces in order, with "|" where a line may break. */
function breakPoints(container: Element): string {
  const span = container.firstElementChild;
  if (!span) throw new Error('EmailText drew nothing');
  return [...span.childNodes].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent)).join('');
}

describe('a long email address', () => {
  it('may break only after "@" and after each dot, never inside a word', () => {
    const { container } = render(<EmailText email={email} />);
    expect(breakPoints(container)).toBe('alexandra.|konstantinopoulou@|career-services.|example.|org');
  });

  it('is still the whole address as one text, as screen readers and find-in-page meet it', () => {
    render(<EmailText email={email} />);
    expect(screen.getByText(email)).toBeVisible();
  });

  it('adds no break to an address without dots or "@"', () => {
    const { container } = render(<EmailText email="postmaster" />);
    expect(breakPoints(container)).toBe('postmaster');
  });
});
