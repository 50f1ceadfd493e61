import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('is a button named by its words, pressed by click, Enter or Space, and never submits by accident', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button onClick={onClick}>Save outcome</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save outcome' });
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading is busy and cannot be pressed again, and keeps its name', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Send request
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send request' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Send request</Button>);
    expect(button).not.toHaveAttribute('aria-busy');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('keeps a 44 px target in every size and looks its variant', () => {
    render(
      <>
        <Button size="sm">Small</Button>
        <Button variant="danger">Delete</Button>
      </>,
    );
    for (const name of ['Small', 'Delete']) {
      expect(screen.getByRole('button', { name })).toHaveClass('min-h-touch', 'min-w-touch');
    }
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('bg-danger');
  });
});
