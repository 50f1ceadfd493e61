import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminPartner } from '@uplift/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerForm } from './PartnerForm.tsx';

const saved: AdminPartner = {
  id: 'p-1',
  slug: 'harbour-lights',
  name: 'Harbour Lights',
  category: 'employer',
  description: 'Night-shift jobs by the docks.',
  skillTags: ['leadership'],
  address: '1 Quay Street',
  city: 'Bristol',
  lat: 51.45,
  lng: -2.59,
  website: null,
  published: false,
  logoKind: 'initials',
  logoColor: '#0F766E',
  logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  updatedAt: '2030-03-03T10:00:00.000Z',
};

/** The server's 400 for a partner it will not save: its message and one issue per field. */
const refusedByField = () =>
  Response.json(
    {
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Some details need fixing.',
        statusCode: 400,
        issues: [
          { path: 'body.lat', message: 'Latitude is a number from -90 to 90.' },
          { path: 'body.website', message: 'Use a full address starting with https://.' },
          { path: 'body.skillTags', message: 'Choose at least one skill.' },
        ],
      },
    },
    { status: 400 },
  );

function server(answers: Array<() => Response>) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST' && path === '/api/admin/partners') {
        posts.push(JSON.parse(String(init.body)));
        const answer = answers[posts.length - 1];
        if (answer) return answer();
      }
      return Response.json({ items: [] });
    }),
  );
  return { posts: () => posts };
}

function show(onSaved = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PartnerForm partner={null} onClose={vi.fn()} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

afterEach(() => vi.unstubAllGlobals());

describe('the partner form', () => {
  it('shows the server’s message and each field’s own error beside that field', async () => {
    const user = userEvent.setup();
    const api = server([refusedByField]);
    show();
    const form = screen.getByRole('dialog', { name: 'Add a partner' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Harbour Lights');
    await user.type(within(form).getByRole('textbox', { name: 'Latitude' }), 'north');
    await user.type(within(form).getByRole('textbox', { name: 'Website (optional)' }), 'harbour.example');
    const latitude = within(form).getByRole('textbox', { name: 'Latitude' });
    expect(latitude).not.toHaveAttribute('aria-invalid');

    await user.click(within(form).getByRole('button', { name: 'Save partner' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Some details need fixing.');
    expect(latitude).toHaveAttribute('aria-invalid', 'true');
    expect(latitude).toHaveAccessibleDescription('-90 to 90 Latitude is a number from -90 to 90.');
    const website = within(form).getByRole('textbox', { name: 'Website (optional)' });
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(
      'A full address, e.g. https://example.org Use a full address starting with https://.',
    );
    expect(within(form).getByRole('group', { name: 'Skills' })).toHaveAccessibleDescription(
      'Choose at least one skill.',
    );
    // A field the server had nothing against is left alone.
    expect(within(form).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    // What could not be read as a coordinate goes as null, for the server's own message.
    expect(api.posts()).toEqual([
      expect.objectContaining({ name: 'Harbour Lights', lat: null, website: 'harbour.example' }),
    ]);
  });

  it('saves once corrected, clears nothing typed, and says it is saved', async () => {
    const user = userEvent.setup();
    const api = server([refusedByField, () => Response.json(saved, { status: 201 })]);
    const onSaved = show();
    const form = screen.getByRole('dialog', { name: 'Add a partner' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Harbour Lights');
    await user.click(within(form).getByRole('button', { name: 'Save partner' }));
    await within(form).findByRole('alert');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Harbour Lights');

    await user.click(within(form).getByRole('checkbox', { name: 'Leadership' }));
    await user.type(within(form).getByRole('textbox', { name: 'Latitude' }), '51.45');
    await user.type(within(form).getByRole('textbox', { name: 'Longitude' }), '-2.59');
    await user.click(within(form).getByRole('button', { name: 'Save partner' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Harbour Lights is saved (not published).'));
    expect(api.posts()[1]).toEqual(
      expect.objectContaining({ skillTags: ['leadership'], lat: 51.45, lng: -2.59, published: false }),
    );
  });
});
