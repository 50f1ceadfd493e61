import { eq } from 'drizzle-orm';
import { memberDirectorySchema, type DirectoryMember, type SkillAreaId } from '@uplift/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
type Privacy = 'everyone' | 'members' | 'only-me';

/** A member listed (or not) in the directory under a name that sorts where the test wants it. */
async function member(name: string, privacy: Privacy, skills: SkillAreaId[] = []): Promise<Caller> {
  const caller = await signedInAs(t.app, t.db, 'member-tier-1');
  await t.db.update(users).set({ displayName: name }).where(eq(users.id, caller.user.id));
  await t.db.insert(profiles).values({
    userId: caller.user.id,
    headline: `${name} headline`,
    industry: 'technology',
    city: 'York',
    skills,
    privacy,
  });
  return caller;
}

async function directory(query: string, who?: Caller) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/community/users${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return memberDirectorySchema.parse(response.json());
}

const names = (items: DirectoryMember[]) => items.map((item) => item.name);

let onlyMe: Caller;

beforeAll(async () => {
  t = await createTestApp();
  // Sequential, so each name is set before the next member exists.
  for (const name of ['Dir Ada', 'Dir Ben', 'Dir Cai', 'Dir Dee', 'Dir Eli']) await member(name, 'everyone');
  await member('Dir Fay (members)', 'members');
  onlyMe = await member('Dir Gus (only me)', 'only-me');
});
afterAll(() => t.close());

describe('GET /api/community/users paging', () => {
  it('pages by page and pageSize in name order, with the same total on every page', async () => {
    const first = await directory('?q=Dir&pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first.items)).toEqual(['Dir Ada', 'Dir Ben']);
    const second = await directory('?q=Dir&pageSize=2&page=2');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(second.items)).toEqual(['Dir Cai', 'Dir Dee']);
    const last = await directory('?q=Dir&pageSize=2&page=3');
    expect(names(last.items)).toEqual(['Dir Eli']);
    expect(last.total).toBe(5);
  });

  it('still tells the total on a page past the end', async () => {
    const beyond = await directory('?q=Dir&pageSize=2&page=4');
    expect(beyond).toEqual({ items: [], total: 5, page: 4, pageSize: 2 });
    expect(await directory('?q=nobody-by-this-name&page=2')).toMatchObject({ items: [], total: 0 });
  });

  it('pages by 20 unless asked, and refuses sizes outside 1 to 50', async () => {
    expect(await directory('?q=Dir')).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    for (const query of ['?pageSize=0', '?pageSize=51', '?page=0', '?page=1001']) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/community/users${query}` });
      expect(refused.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/community/users results', () => {
  it('shows the first three of the profile skills, in the profile order, as top skills', async () => {
    await member('Top Skills Tia', 'everyone', [
      'project-management',
      'communication',
      'data-analytics',
      'leadership',
      'entrepreneurship',
    ]);
    await member('Top Skills Uma', 'everyone', ['customer-focus']);
    const found = await directory('?q=Top%20Skills');
    expect(found.items).toEqual([
      {
        id: expect.any(String),
        name: 'Top Skills Tia',
        avatarUrl: null,
        headline: 'Top Skills Tia headline',
        industry: 'technology',
        city: 'York',
        topSkills: ['project-management', 'communication', 'data-analytics'],
        distanceKm: null,
      },
      expect.objectContaining({ name: 'Top Skills Uma', topSkills: ['customer-focus'] }),
    ]);
  });
});

describe('GET /api/community/users privacy for each caller kind', () => {
  it('lists "members" profiles to signed-in members and admins, and "only me" to nobody', async () => {
    const [someMember, admin] = await Promise.all([
      signedInAs(t.app, t.db, 'member-tier-2'),
      signedInAs(t.app, t.db, 'admin'),
    ]);
    const everyone = ['Dir Ada', 'Dir Ben', 'Dir Cai', 'Dir Dee', 'Dir Eli'];
    expect(names((await directory('?q=Dir')).items)).toEqual(everyone);
    for (const caller of [someMember, admin, onlyMe]) {
      const listed = await directory('?q=Dir', caller);
      expect(names(listed.items)).toEqual([...everyone, 'Dir Fay (members)']);
      expect(listed.total).toBe(6);
    }
    // Not even when searched for by name, by an admin, or by the member themselves.
    for (const caller of [undefined, someMember, admin, onlyMe]) {
      expect(await directory('?q=Gus', caller)).toMatchObject({ items: [], total: 0 });
    }
  });
});
