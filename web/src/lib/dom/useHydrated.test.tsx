import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useHydrated } from './useHydrated.ts';

function Moment() {
  return <p>{useHydrated() ? 'in the reader’s zone' : 'as drawn'}</p>;
}

it('draws the server form, hydrates it without a mismatch, then shows the reader’s form on the same node', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Moment />);
  document.body.append(container);
  const drawn = container.querySelector('p');
  expect(drawn?.textContent).toBe('as drawn');

  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Moment />, { onRecoverableError });
  });
  expect(container.querySelector('p')).toBe(drawn);
  expect(drawn?.textContent).toBe('in the reader’s zone');
  expect(onRecoverableError).not.toHaveBeenCalled();
  container.remove();
});

it('is true from the first render in a root that was not drawn first', () => {
  render(<Moment />);
  expect(screen.getByText('in the reader’s zone')).toBeInTheDocument();
});
