import { chatLimits } from '@uplift/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer.tsx';

function Harness({
  onSend,
  onStop,
  answering = false,
  initial = '',
}: {
  onSend: (text: string) => void;
  onStop?: () => void;
  answering?: boolean;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Composer
      value={value}
      onChange={setValue}
      onSend={() => {
        onSend(value);
        setValue('');
      }}
      onStop={onStop}
      answering={answering}
    />
  );
}

describe('Composer', () => {
  it('is a textbox named "Message Vale" with a Send button, disabled while empty', async () => {
    render(<Harness onSend={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Message Vale' });
    expect(field).toHaveAttribute('maxlength', String(chatLimits.messageMaxChars));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends on Enter, and Shift+Enter starts a new line instead', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const field = screen.getByRole('textbox', { name: 'Message Vale' });
    await userEvent.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue('First line\nsecond line');
    await userEvent.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(field).toHaveValue('');
  });

  it('sends with the Send button', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message Vale' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Hello');
  });

  it('does not send while an answer is being written, and offers Stop', async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    render(<Harness onSend={onSend} onStop={onStop} answering initial="Next question" />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message Vale' }), '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('shows a character counter only near the limit', () => {
    const { unmount } = render(<Harness onSend={vi.fn()} initial="short" />);
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    unmount();
    render(<Harness onSend={vi.fn()} initial={'x'.repeat(chatLimits.messageMaxChars - 10)} />);
    const field = screen.getByRole('textbox', { name: 'Message Vale' });
    expect(field).toHaveAccessibleDescription('1,990 / 2,000 characters');
  });
});
