import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone } from './support/phone.ts';

test.use(phone);

async function newMember(request: APIRequestContext, tag: string, name: string) {
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@community-social.e2e.test`,
    password: `copper-orchard-${tag}`,
  };
  expect((await request.post('/api/auth/register', { data: member, headers: ownAddress() })).ok()).toBe(true);
  return member;
}

/** A phone of its own (a separate browser context) signed in through the screens. */
async function signedInPhone(browser: Browser, who: { email: string; password: string }, next: string) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(next);
  return { page, context };
}

const tabOf = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

async function notices(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/notifications');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Array<{ title: string }> }).items.map((item) => item.title);
}

test('mentions, following a post, saved posts and what is new, between two members', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ada = await newMember(request, tag, 'Ada');
  const bo = await newMember(request, tag, 'Bo');
  const a = await signedInPhone(browser, ada, '/community');
  const b = await signedInPhone(browser, bo, '/community');
  // Members find each other in the directory once their profile is saved (the directory's rule).
  for (const side of [a, b])
    expect((await side.page.request.patch('/api/profile', { data: { headline: 'Learning' } })).ok()).toBe(
      true,
    );
  // Bo's visit to the feed is recorded: what comes after it is new to him.
  await expect
    .poll(
      async () =>
        ((await (await b.page.request.get('/api/community/unread')).json()) as { since: unknown }).since,
    )
    .not.toBeNull();

  // 1. Ada mentions Bo: "@" and part of the name suggests members; arrows choose, Enter picks.
  const field = a.page.getByRole('textbox', { name: 'Your post' });
  await field.fill('Thanks ');
  await field.pressSequentially(`@${tag}`);
  const suggestions = a.page.getByRole('listbox', { name: 'Members to mention' });
  await expect(suggestions.getByRole('option', { name: bo.displayName })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: ada.displayName })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await field.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: bo.displayName })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoAxeViolations(a.page, []);
  await field.press('Enter');
  await expect(suggestions).toBeHidden();
  await field.pressSequentially('for the interview tips');
  await a.page.getByRole('button', { name: 'Post', exact: true }).click();
  const adaPost = a.page.getByRole('article', { name: `Post by ${ada.displayName}` });
  await expect(adaPost.getByRole('link', { name: `@${bo.displayName}` })).toBeVisible();

  // Bo hears of it live: the notification badge, and the Community tab counts the new post.
  await expect(tabOf(b.page, 'Profile Management')).toHaveAccessibleDescription('1 new');
  await expect(tabOf(b.page, 'Community Hub')).toHaveAccessibleDescription(/^\d+ new$/);
  await b.page.goto('/notifications');
  await b.page.getByRole('link', { name: new RegExp(`${ada.displayName} mentioned you in a post`) }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: 'Community post' })).toBeVisible();
  const mention = b.page.getByRole('link', { name: `@${bo.displayName}` });
  await expect(mention).toHaveAttribute('href', /^\/profile\/[0-9a-f-]{36}$/);

  // 2. Bo follows the post, and saves it while offline: both show at once; the save lands once online.
  await b.page.getByRole('button', { name: 'Follow post' }).click();
  await expect(b.page.getByRole('button', { name: 'Unfollow post' })).toBeVisible();
  await b.context.setOffline(true);
  await b.page.getByRole('button', { name: 'Save post' }).click();
  await expect(b.page.getByRole('button', { name: 'Remove from Saved' })).toBeVisible();
  await b.context.setOffline(false);
  await expect
    .poll(
      async () =>
        ((await (await b.page.request.get('/api/community/bookmarks')).json()) as { items: unknown[] }).items
          .length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await expectNoAxeViolations(b.page);

  // Ada replies on her own post: Bo, a follower, is told; Ada, the replier, is not.
  await adaPost.getByRole('link', { name: /comment/ }).click();
  await a.page.getByRole('textbox', { name: 'Add a comment' }).fill(`Glad it helped ${tag}`);
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByRole('article', { name: `Comment by ${ada.displayName}` })).toContainText(
    'Glad it helped',
  );
  await expect.poll(() => notices(b.page)).toContain(`${ada.displayName} commented on a post you follow`);
  expect(await notices(a.page)).toEqual([]);

  // Bo, on the thread, sees the comment arrive live, marked New (it came after he opened the thread);
  // it was read there, so on his next look it no longer is.
  const adaComment = b.page.getByRole('article', { name: `Comment by ${ada.displayName}` });
  await expect(adaComment.getByText('New', { exact: true })).toBeVisible();
  await b.page.reload();
  await expect(adaComment).toContainText('Glad it helped');
  await expect(adaComment.getByText('New', { exact: true })).toHaveCount(0);

  // Bo unfollows from the notification itself; Ada's next reply no longer reaches him.
  await b.page.goto('/notifications');
  await b.page.getByRole('button', { name: 'Unfollow this post' }).click();
  await expect(b.page.getByRole('status').filter({ hasText: 'Unfollowed' })).toBeVisible();
  await expectNoAxeViolations(b.page);
  await a.page.getByRole('textbox', { name: 'Add a comment' }).fill(`One more thing ${tag}`);
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(a.page.getByText(`One more thing ${tag}`)).toBeVisible();
  await a.page.waitForTimeout(1_500);
  expect((await notices(b.page)).filter((title) => title.includes('a post you follow'))).toHaveLength(1);

  // Saved: the post is there, and still readable offline after a reload.
  await b.page.goto('/community?view=saved');
  const saved = b.page.getByRole('article', { name: `Post by ${ada.displayName}` });
  await expect(saved).toContainText('for the interview tips');
  await b.page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await expectNoAxeViolations(b.page);
  await b.context.setOffline(true);
  await b.page.reload();
  await expect(saved).toContainText('for the interview tips');
  await b.context.setOffline(false);

  // 3. Back on the feed: Ada's post came after Bo's last visit, so it is marked New; the tab's count goes.
  await b.page.getByRole('link', { name: 'Feed' }).click();
  await expect(saved.getByText('New', { exact: true })).toBeVisible();
  await expect(tabOf(b.page, 'Community Hub')).not.toHaveAccessibleDescription(/new/);
  await expectNoAxeViolations(b.page);

  await a.context.close();
  await b.context.close();
});
