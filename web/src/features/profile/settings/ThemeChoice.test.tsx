import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setThemePreference } from '../../../lib/theme/index.ts';
import { ThemeChoice } from './ThemeChoice.tsx';

describe('ThemeChoice', () => {
  afterEach(() => setThemePreference('system'));

  it('offers System, Light and Dark; the choice shows at once, stays on the device and is handed on', async () => {
    const user = userEvent.setup();
    const onChosen = vi.fn();
    render(<ThemeChoice onChosen={onChosen} />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(group).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('uplift.theme')).toBe('dark');
    expect(onChosen).toHaveBeenCalledWith('dark');

    // Arrow keys move between the choices, as in any radio group.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
