import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

describe('ConfirmDialog', () => {
  it('is a dialog named by its question and described by what happens; Cancel has focus', () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete Harbour Lights?"
        confirmLabel="Delete"
        onConfirm={vi.fn()}
        onCancel={onCancel}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Harbour Lights?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('renders nothing while closed', () => {
    render(
      <ConfirmDialog open={false} title="Sure?" confirmLabel="Yes" onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with a typed confirmation, confirms only once the text matches, by button or Enter', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        open
        title="Make Ada an admin?"
        confirmLabel="Make admin"
        typed={{ label: 'Type ada@example.test to confirm', expected: 'ada@example.test' }}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Type ada@example.test to confirm' });
    expect(field).toHaveFocus();
    await user.type(field, 'ada@example.tes{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Make admin' })).toBeDisabled();
    await user.type(field, 'T{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('ada@example.tesT', '');

    // Opened again, nothing typed before is still there.
    rerender(
      <ConfirmDialog
        open={false}
        title="x"
        confirmLabel="Make admin"
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    rerender(
      <ConfirmDialog
        open
        title="Make Ada an admin?"
        confirmLabel="Make admin"
        typed={{ label: 'Type ada@example.test to confirm', expected: 'ada@example.test' }}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Type ada@example.test to confirm' })).toHaveValue('');
  });

  it('while the action runs, its button is busy and cannot confirm twice; Cancel stays', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Delete Harbour Lights?"
        confirmLabel="Delete"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
