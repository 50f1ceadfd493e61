import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { X } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton.tsx';

describe('IconButton', () => {
  it('is a button named by its label, not by its icon, pressed by click or keyboard, and never submits', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <IconButton label="Dismiss" onClick={onClick}>
          <X aria-hidden="true" />
        </IconButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Dismiss' });
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a 44 px round target in every variant', () => {
    render(
      <>
        <IconButton label="Send" variant="primary" type="submit">
          <X aria-hidden="true" />
        </IconButton>
        <IconButton label="Stop" variant="secondary">
          <X aria-hidden="true" />
        </IconButton>
      </>,
    );
    for (const name of ['Send', 'Stop']) {
      expect(screen.getByRole('button', { name })).toHaveClass('size-touch', 'rounded-full');
    }
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });
});
