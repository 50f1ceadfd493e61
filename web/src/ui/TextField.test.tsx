import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from './Select.tsx';
import { TextField } from './TextField.tsx';

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField
        label="Email"
        type="email"
        hint="We never show it."
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <output aria-label="Typed">{value}</output>
    </>
  );
}

describe('TextField', () => {
  it('is named by its label, described by its hint, and reports what is typed', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAccessibleDescription('We never show it.');
    expect(field).not.toBeInvalid();
    await user.type(field, 'ada@example.test');
    expect(screen.getByLabelText('Typed')).toHaveTextContent('ada@example.test');
  });

  it("with the server's error is invalid and described by the error too", () => {
    render(<Controlled error="Enter a valid email address." />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('We never show it. Enter a valid email address.');
  });
});

describe('Select', () => {
  it('is a labelled combobox whose choice is reported, by keyboard too', async () => {
    const user = userEvent.setup();
    function Picker() {
      const [value, setValue] = useState('');
      return (
        <Select
          label="Skill"
          value={value}
          onValueChange={setValue}
          options={[
            { value: '', label: 'Any skill' },
            { value: 'data', label: 'Data' },
          ]}
        />
      );
    }
    render(<Picker />);
    const select = screen.getByRole('combobox', { name: 'Skill' });
    await user.selectOptions(select, 'Data');
    expect(select).toHaveValue('data');
    expect(screen.getByRole('option', { name: 'Data' })).toHaveProperty('selected', true);
  });
});
