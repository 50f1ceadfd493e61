import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as platform from '../../lib/native/platform.ts';
import { signInForTest } from '../auth/testing.ts';
import {
  ask,
  conversationId,
  conversationRegion,
  freshChatTab,
  openChat,
  resetChatTab,
} from './chatScreen.testing.ts';
import {
  answerEvents,
  conversation,
  eventStreamResponse,
  fakeApi,
  json,
  message,
  quota,
  sse,
} from './testing.ts';

/** Issue 41.5: copy an answer, edit a question and answer it again, search conversations, export. */

const native = vi.hoisted(() => ({ on: false }));
vi.mock('../../lib/native/platform.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof platform>()),
  isNativePlatform: () => native.on,
}));
const files = vi.hoisted(() => ({ written: new Map<string, string>(), calls: [] as unknown[] }));
vi.mock('@capacitor/filesystem', () => ({
  Directory: { Documents: 'DOCUMENTS' },
  Encoding: { UTF8: 'utf8' },
  Filesystem: {
    writeFile: vi.fn(async (options: { path: string; data: string }) => {
      files.calls.push({ write: options });
      files.written.set(options.path, options.data);
      return { uri: `file:///Documents/${options.path}` };
    }),
    readFile: vi.fn(async (options: { path: string }) => {
      files.calls.push({ read: options });
      return { data: files.written.get(options.path) ?? '' };
    }),
  },
}));

beforeEach(freshChatTab);
afterEach(() => {
  resetChatTab();
  native.on = false;
  files.written.clear();
  files.calls = [];
});

const partnerCitation = {
  index: 2,
  knowledgePointId: 'p-1',
  slug: 'partner:west-riding-community-trust',
  title: 'West Riding Community Trust',
  kind: 'partner' as const,
  href: '/partners/p-1',
};
const stored = conversation(
  conversationId,
  [
    message({ id: 'u-1', role: 'user', content: 'Is there funding for a course?' }),
    message({
      id: 'm-1',
      role: 'assistant',
      content: 'Bursaries can cover fees [1].\n\n- [West Riding Community Trust](/partners/p-1) [2]',
      citations: [
        { index: 1, knowledgePointId: 'kp-1', slug: 'funding', title: 'Funding your training' },
        partnerCitation,
      ],
    }),
  ],
  'Is there funding for a course?',
);

function memberApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/chat/quota': () => json(quota(28, 30)),
    'GET /api/chat/conversations': (call) => json({ items: call.search === '?q=bursar' ? [] : [stored] }),
    [`GET /api/chat/conversations/${conversationId}`]: () => json(stored),
    ...extra,
  });
}

describe('/chat tools for a member', () => {
  beforeEach(() => signInForTest('member-tier-1'));

  it('links a cited partner to its page and copies an answer as written', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    memberApi();
    await openChat(`/chat?c=${conversationId}`);
    const region = await conversationRegion();
    expect(
      await within(region).findByRole('link', { name: '[2] West Riding Community Trust' }),
    ).toHaveAttribute('href', '/partners/p-1');
    await user.click(within(region).getByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith(stored.messages[1]!.content);
    expect(await within(region).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Answer copied')).toBeInTheDocument();
  });

  it('edits the last question and answers the new wording in place of the old answer', async () => {
    const user = userEvent.setup();
    const { calls } = memberApi({
      [`POST /api/chat/conversations/${conversationId}/regenerate`]: () =>
        eventStreamResponse(
          sse(
            answerEvents('Grants can pay for laptops. ', {
              messageId: 'm-2',
              conversationId,
              quota: quota(27, 30),
            }),
          ),
        ),
    });
    await openChat(`/chat?c=${conversationId}`);
    const region = await conversationRegion();
    await user.click(await within(region).findByRole('button', { name: 'Edit question' }));
    const field = within(region).getByRole('textbox', { name: 'Edit your question' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Is there help paying for a laptop?');
    await user.click(within(region).getByRole('button', { name: 'Save and ask again' }));
    expect(await within(region).findByText('Grants can pay for laptops.')).toBeInTheDocument();
    expect(within(region).getByText('Is there help paying for a laptop?')).toBeInTheDocument();
    expect(within(region).queryByText('Is there funding for a course?')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/regenerate'))?.body).toEqual({
      questionId: 'u-1',
      message: 'Is there help paying for a laptop?',
    });
  });

  it('edits an earlier question from the keyboard, saying first that the later messages go', async () => {
    const user = userEvent.setup();
    const twoTurns = conversation(conversationId, [
      ...stored.messages,
      message({ id: 'u-2', role: 'user', content: 'And for a laptop?' }),
      message({ id: 'm-2', role: 'assistant', content: 'Laptop grants exist.' }),
    ]);
    const { calls } = memberApi({
      [`GET /api/chat/conversations/${conversationId}`]: () => json(twoTurns),
      [`POST /api/chat/conversations/${conversationId}/regenerate`]: () =>
        eventStreamResponse(
          sse(answerEvents('Apprenticeships are paid. ', { messageId: 'm-3', conversationId })),
        ),
    });
    await openChat(`/chat?c=${conversationId}`);
    const region = await conversationRegion();
    const edits = await within(region).findAllByRole('button', { name: 'Edit question' });
    expect(edits).toHaveLength(2);
    await user.click(edits[0]!);
    const field = within(region).getByRole('textbox', { name: 'Edit your question' });
    expect(field).toHaveAccessibleDescription(
      "Saving replaces Vale's answer and removes the 2 later messages below.",
    );
    await user.clear(field);
    await user.type(field, 'Are apprenticeships paid?');
    // Escape leaves it as it was; nothing is sent.
    await user.keyboard('{Escape}');
    expect(within(region).getByText('And for a laptop?')).toBeInTheDocument();
    await user.click(within(region).getAllByRole('button', { name: 'Edit question' })[0]!);
    await user.clear(within(region).getByRole('textbox', { name: 'Edit your question' }));
    await user.keyboard('Are apprenticeships paid?');
    await user.tab();
    await user.tab();
    const save = within(region).getByRole('button', { name: 'Save and ask again' });
    expect(save).toHaveFocus();
    expect(save).toHaveAccessibleDescription(/removes the 2 later messages/);
    await user.keyboard('{Enter}');
    expect(await within(region).findByText('Apprenticeships are paid.')).toBeInTheDocument();
    expect(within(region).getByText('Are apprenticeships paid?')).toBeInTheDocument();
    for (const gone of ['Is there funding for a course?', 'And for a laptop?', 'Laptop grants exist.']) {
      expect(within(region).queryByText(gone)).not.toBeInTheDocument();
    }
    const regenerations = calls.filter((call) => call.path.endsWith('/regenerate'));
    expect(regenerations.map((call) => call.body)).toEqual([
      { questionId: 'u-1', message: 'Are apprenticeships paid?' },
    ]);
  });

  it('searches old conversations on the server as the member types', async () => {
    const user = userEvent.setup();
    const { calls } = memberApi();
    await openChat(`/chat?c=${conversationId}`);
    await within(await conversationRegion()).findByText('Is there funding for a course?');
    await user.click(screen.getByRole('button', { name: 'Conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversations' });
    expect(
      await within(dialog).findByRole('button', { name: /^Is there funding for a course\?/ }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search conversations' }), 'bursar');
    expect(await within(dialog).findByText('No conversation mentions “bursar”.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/chat/conversations').map((call) => call.search),
    ).toContain('?q=bursar');
  });

  it('exports the conversation as a Markdown download in a browser', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'),
        revokeObjectURL: () => {},
      }),
    );
    memberApi();
    await openChat(`/chat?c=${conversationId}`);
    await conversationRegion();
    await user.click(await screen.findByRole('button', { name: 'Export conversation as Markdown' }));
    expect(await screen.findByText('Downloaded vale-is-there-funding-for-a-course.md.')).toBeInTheDocument();
    const text = await blobs[0]!.text();
    expect(text).toContain(
      '# Is there funding for a course?\n\n## You\n\nIs there funding for a course?\n\n## Vale',
    );
    expect(text).toContain(`2. [West Riding Community Trust](${window.location.origin}/partners/p-1)`);
  });

  it('in the native shells writes it to Documents as UTF-8 and reads it back', async () => {
    native.on = true;
    const user = userEvent.setup();
    memberApi();
    await openChat(`/chat?c=${conversationId}`);
    await conversationRegion();
    await user.click(await screen.findByRole('button', { name: 'Export conversation as Markdown' }));
    expect(
      await screen.findByText('Saved vale-is-there-funding-for-a-course.md to Documents.'),
    ).toBeInTheDocument();
    expect(files.calls).toEqual([
      {
        write: expect.objectContaining({
          path: 'vale-is-there-funding-for-a-course.md',
          directory: 'DOCUMENTS',
          encoding: 'utf8',
          data: expect.stringContaining('## Vale'),
        }),
      },
      { read: { path: 'vale-is-there-funding-for-a-course.md', directory: 'DOCUMENTS', encoding: 'utf8' } },
    ]);
  });
});

describe('/chat tools for a visitor', () => {
  it('edits the last question: asked again with the new wording, the old turn gone', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /api/chat/quota': () => json(quota(5)),
      'POST /api/chat/public': (call) =>
        eventStreamResponse(
          sse(
            answerEvents(
              (call.body as { message: string }).message.includes('laptop')
                ? 'Laptop grants. '
                : 'Bursaries. ',
              {
                messageId: null,
                conversationId: null,
                quota: quota(4),
              },
            ),
          ),
        ),
    });
    await openChat();
    await ask(user, 'Is there funding for a course?');
    const region = await conversationRegion();
    await within(region).findByText('Bursaries.');
    await user.click(within(region).getByRole('button', { name: 'Edit question' }));
    const field = within(region).getByRole('textbox', { name: 'Edit your question' });
    await user.clear(field);
    await user.type(field, 'And for a laptop?');
    await user.click(within(region).getByRole('button', { name: 'Save and ask again' }));
    expect(await within(region).findByText('Laptop grants.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByText('Bursaries.')).not.toBeInTheDocument());
    const asked = calls.filter((call) => call.path === '/api/chat/public').map((call) => call.body);
    expect(asked.at(-1)).toEqual({ message: 'And for a laptop?', history: [] });
  });
});
