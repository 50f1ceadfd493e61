import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChipGroup } from './ChipGroup.tsx';
import { SearchField } from './SearchField.tsx';

describe('SearchField', () => {
  it('is a search box named by its label, shown or only read', async () => {
    const user = userEvent.setup();
    function Search() {
      const [value, setValue] = useState('');
      return (
        <>
          <SearchField
            label="Search partners"
            labelHidden
            value={value}
            onValueChange={setValue}
            maxLength={5}
          />
          <p>Searching for {value}</p>
        </>
      );
    }
    render(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search partners' });
    expect(screen.getByText('Search partners')).toHaveClass('sr-only');
    await user.type(box, 'harbour');
    expect(screen.getByText('Searching for harbo')).toBeInTheDocument();
  });
});

describe('ChipGroup', () => {
  it('is a named group of toggle buttons, one pressed, chosen by keyboard', async () => {
    const user = userEvent.setup();
    function Topics() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <ChipGroup
          label="Topics"
          value={value}
          onChange={setValue}
          chips={[
            { value: null, label: 'All' },
            { value: 'jobs', label: 'Jobs' },
          ]}
        />
      );
    }
    render(<Topics />);
    const group = screen.getByRole('group', { name: 'Topics' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Jobs' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Jobs', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All', pressed: false })).toBeInTheDocument();
  });
});
