import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoForm } from './VideoForm.tsx';

/** `POST /api/admin/videos` answers with `answer`; what was posted is kept. */
function server(answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST' && path === '/api/admin/videos') {
        posts.push(JSON.parse(String(init.body)));
        return answer();
      }
      return Response.json({ items: [] });
    }),
  );
  return { posts: () => posts };
}

const refused = (status: number, code: string, message: string, issues?: object[]) =>
  Response.json(
    { success: false, error: { code, message, statusCode: status, ...(issues ? { issues } : {}) } },
    { status },
  );

function show() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <VideoForm video={null} onClose={vi.fn()} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { form: screen.getByRole('dialog', { name: 'Add a video' }), onSaved };
}

afterEach(() => vi.unstubAllGlobals());

describe('the video form', () => {
  it('shows the server’s reasons beside the title and the files not yet uploaded', async () => {
    const user = userEvent.setup();
    const api = server(() =>
      refused(400, 'VALIDATION_ERROR', 'Some details need fixing.', [
        { path: 'body.title', message: 'Give the video a title.' },
        { path: 'body.mediaKey', message: 'Upload the video file (MP4).' },
        { path: 'body.posterKey', message: 'Upload a poster image.' },
      ]),
    );
    const { form, onSaved } = show();
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Five minutes on pitching.');
    await user.click(within(form).getByRole('button', { name: 'Save video' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Some details need fixing.');
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Give the video a title.');
    const media = within(form).getByLabelText('Video file');
    expect(media).toHaveAttribute('aria-invalid', 'true');
    expect(media).toHaveAccessibleDescription(/No file yet\. Upload the video file \(MP4\)\.$/);
    expect(within(form).getByLabelText('Poster image')).toHaveAccessibleDescription(
      /No poster yet\. Upload a poster image\.$/,
    );
    expect(within(form).getByRole('textbox', { name: 'Description' })).not.toHaveAttribute('aria-invalid');
    expect(onSaved).not.toHaveBeenCalled();
    // Nothing uploaded yet: the keys go empty, for the server to say what is missing.
    expect(api.posts()).toEqual([
      expect.objectContaining({
        title: '',
        description: 'Five minutes on pitching.',
        mediaKey: '',
        posterKey: '',
      }),
    ]);
  });

  it('shows a refusal that names no field in the alert alone', async () => {
    const user = userEvent.setup();
    server(() => refused(403, 'PERMISSION_DENIED', 'Only admins can add videos.'));
    const { form, onSaved } = show();
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Pitching in five minutes');
    await user.click(within(form).getByRole('button', { name: 'Save video' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only admins can add videos.');
    expect(within(form).getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Pitching in five minutes');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
