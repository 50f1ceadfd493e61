import type { SkillResults } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithScreenReader } from '../../test/screenReader.tsx';
import { authStore } from './authStore.ts';
import { resetAuthForTest, testUser } from './testing.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTest();
});

async function signIn(reader: Awaited<ReturnType<typeof renderWithScreenReader>>, password: string) {
  await reader.moveTo('heading, Sign in, level 1');
  await reader.moveTo('textbox, Email, required');
  await reader.type('ada@x.test');
  await reader.moveTo('Password');
  await reader.type(password);
  await reader.moveTo('button, Sign in');
  await reader.press();
}

describe('signing in with a screen reader', () => {
  it('finds the fields by their labels, signs in and lands on the page that asked for it', async () => {
    respond(200, { success: true, user: testUser('member-tier-1'), token: null });
    // The page it lands on loads the member's results: none yet (else it would rightly say they failed).
    const noResults: SkillResults = {
      latest: [],
      history: [],
      activeAttemptId: null,
      detailedReport: true,
      cooldownDays: 0,
    };
    // Answered by address, whenever the page asks: other calls after signing in may come first. The rest
    // answer nothing, as before.
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/api/skills/results')
        ? new Response(JSON.stringify(noResults), { status: 200 })
        : (undefined as unknown as Response),
    );
    const reader = await renderWithScreenReader('/login?redirectTo=%2Fskills');
    await signIn(reader, 'passphrase');
    await reader.moveTo('heading, Skills Assessment, level 1');
    expect(authStore.getState().user?.id).toBe('user-member-tier-1');
    expect(await reader.announcements()).toEqual([]);
  });

  it("hears the server's refusal once, assertively, and is put back on the password", async () => {
    const refusal = {
      success: false,
      error: { code: 'VALIDATION_ERROR', message: 'Incorrect email or password.', statusCode: 401 },
    };
    respond(401, refusal);
    const reader = await renderWithScreenReader('/login');
    await signIn(reader, 'wrong');
    expect(await reader.heard(/Incorrect/)).toEqual(['assertive: Incorrect email or password.']);
    // Focus went to the field to fix, and the reader with it.
    await vi.waitFor(async () => expect(await reader.reading()).toBe('Password, wrong'));

    // A second refusal is news again: announced once more, not twice.
    respond(401, refusal);
    await reader.moveTo('button, Sign in');
    await reader.press();
    await vi.waitFor(async () => expect(await reader.heard(/Incorrect/)).toHaveLength(2));
    expect(await reader.announcements()).toEqual([
      'assertive: Incorrect email or password.',
      'assertive: Incorrect email or password.',
    ]);
  });
});
