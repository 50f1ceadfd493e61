import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerMember, signInContext } from './support/members.ts';
import { expectNoAxeViolations, seededAdmin } from './support/phone.ts';

/**
 * Issue 44's sweep: every route of the app's route table, as the member or admin it is for, axe-clean in
 * both themes at 320 and 412 px. The other specs check the states a flow reaches (dialogs, errors,
 * filled forms); this one makes sure no page goes unchecked, and it fails when a route is added to the
 * table and not here.
 */

const routeTableSource = readFileSync(new URL('../../web/src/app/routeTable.ts', import.meta.url), 'utf8');
const tablePaths = [...routeTableSource.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);

interface Ids {
  partner: string;
  post: string;
  video: string;
  member: string;
}

/** The route's address, with a real record for each parameter; a share nobody made shows "not shared". */
function addressOf(path: string, ids: Ids): string {
  const withRecords: Record<string, string> = {
    '/skills/shared/:id': '/skills/shared/00000000-0000-4000-8000-000000000000',
    '/community/posts/:id': `/community/posts/${ids.post}`,
    '/partners/:id': `/partners/${ids.partner}`,
    '/videos/:id': `/videos/${ids.video}`,
    '/profile/:id': `/profile/${ids.member}`,
    '/messages/:memberId': `/messages/${ids.member}`,
    '/admin/users/:id': `/admin/users/${ids.member}`,
    '*': '/no/such/page',
  };
  return withRecords[path] ?? path;
}

async function firstId(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  expect(items.length, url).toBeGreaterThan(0);
  return items[0]!.id;
}

async function sweep(page: Page, paths: readonly string[], ids: Ids) {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(addressOf(path, ids));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}

const visitorPaths = [
  '/',
  '/chat',
  '/skills-public',
  '/skills/shared/:id',
  '/community',
  '/community/posts/:id',
  '/partners',
  '/partners/:id',
  '/videos/:id',
  '/shorts',
  '/profile-public',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/index-backup',
  '/error-demo',
  '/loading-demo',
  '/offline-demo',
  '/mobile-chat-demo',
  '/slider-test',
  '*',
];
const memberPaths = [
  '/skills',
  '/skills-client',
  '/profile',
  '/profile-client',
  '/profile-home',
  '/profile/:id',
  '/messages',
  '/messages/:memberId',
  '/notifications',
];
const adminPaths = [
  '/admin',
  '/admin/dashboard',
  '/admin/users',
  '/admin/users/:id',
  '/admin/moderation',
  '/admin/partners',
  '/admin/videos',
  '/admin/notifications',
  '/admin/audit',
];

test('the sweep names every route of the route table once', () => {
  expect([...visitorPaths, ...memberPaths, ...adminPaths].sort()).toEqual([...tablePaths].sort());
});

/**
 * The records the routes' parameters name: a member of their own (signed in on a context of their own, so
 * the sweeping page's session is untouched) writes a post; a partner and a video come from the seed.
 */
async function recordsFor(browser: Browser): Promise<Ids> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await registerMember(page.request, 'Author');
  await signInContext(page.context(), member);
  const { user } = (await (await page.request.get('/api/auth/verify')).json()) as { user: { id: string } };
  const post = await page.request.post('/api/community/posts', {
    data: { topicId: 'questions', body: `A post for the axe sweep, by ${member.displayName}.` },
  });
  expect(post.status(), await post.text()).toBe(201);
  const ids = {
    partner: await firstId(page.request, '/api/partners'),
    post: ((await post.json()) as { id: string }).id,
    video: await firstId(page.request, '/api/videos/featured'),
    member: user.id,
  };
  await context.close();
  return ids;
}

test('every page a visitor can open is axe-clean', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await sweep(page, visitorPaths, await recordsFor(browser));
});

test("every page of a member's own is axe-clean", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const ids = await recordsFor(browser);
  await signInContext(page.context(), await registerMember(page.request, 'Swept'));
  await sweep(page, memberPaths, ids);
});

test('every admin page is axe-clean', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  const ids = await recordsFor(browser);
  await signInContext(context, seededAdmin);
  await sweep(page, adminPaths, ids);
});
