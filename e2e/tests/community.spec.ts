import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin, ownAddress } from './support/phone.ts';

test.use(phone);

async function newMember(request: APIRequestContext, tag: string, name: string) {
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@community.e2e.test`,
    password: `amber-meadow-${tag}`,
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
  return page;
}

const postBy = (page: Page, name: string) => page.getByRole('article', { name: `Post by ${name}` });

test('two members see each other live; a reported comment is hidden from the moderation queue', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ada = await newMember(request, tag, 'Ada');
  const bo = await newMember(request, tag, 'Bo');
  const pageA = await signedInPhone(browser, ada, '/community');
  const pageB = await signedInPhone(browser, bo, '/community');
  await expect(pageA.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect(pageB.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(pageB);

  // A posts; B's list does not move, it offers "1 new post" instead.
  const text = `Finished my first **budgeting** course ${tag}`;
  await pageA.getByRole('textbox', { name: 'Your post' }).fill(text);
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postBy(pageA, ada.displayName)).toContainText(`Finished my first budgeting course ${tag}`);
  await expect(postBy(pageB, ada.displayName)).toHaveCount(0);
  // "1 new post", or more when another spec running alongside posts at the same moment.
  await pageB.getByRole('button', { name: /^\d+ new posts?$/ }).click();
  const adaPostOnB = postBy(pageB, ada.displayName);
  await expect(adaPostOnB.getByText('budgeting', { exact: true })).toBeVisible();

  // B reacts; A's count changes in place, without a reload.
  await adaPostOnB.getByRole('button', { name: 'Celebrate, 0' }).click();
  await expect(adaPostOnB.getByRole('button', { name: 'Celebrate, 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(postBy(pageA, ada.displayName).getByRole('button', { name: 'Celebrate, 1' })).toBeVisible();

  // B comments from the thread; A's comment count follows.
  await adaPostOnB.getByRole('link', { name: /0 comments/ }).click();
  await expect(pageB.getByRole('heading', { level: 1, name: 'Community post' })).toBeVisible();
  const comment = `Buy my crypto course ${tag}`;
  await pageB.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await pageB.getByRole('button', { name: 'Send' }).click();
  await expect(pageB.getByRole('article', { name: `Comment by ${bo.displayName}` })).toContainText(comment);
  await expectNoAxeViolations(pageB);
  await expect(postBy(pageA, ada.displayName).getByRole('link', { name: /1 comment/ })).toBeVisible();

  // A reports B's comment.
  await postBy(pageA, ada.displayName)
    .getByRole('link', { name: /1 comment/ })
    .click();
  const commentOnA = pageA.getByRole('article', { name: `Comment by ${bo.displayName}` });
  await commentOnA.getByRole('button', { name: 'Report comment' }).click();
  await pageA.getByRole('combobox', { name: 'Reason' }).selectOption('spam');
  await pageA.getByRole('button', { name: 'Send report' }).click();
  await expect(pageA.getByText('Thanks, the moderators will look at this comment.')).toBeVisible();

  // The admin hides it from the queue; it leaves A's thread live.
  const adminPage = await signedInPhone(browser, admin, '/admin/moderation');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const reported = adminPage.getByRole('article', { name: `Reported comment by ${bo.displayName}` });
  await expect(reported).toContainText(comment);
  await expect(reported).toContainText(`Spam or advertising from ${ada.displayName}`);
  await expectNoAxeViolations(adminPage);
  await reported.getByRole('button', { name: 'Hide comment' }).click();
  // Hiding waits out the undo window (6 s) before it is sent.
  await expect(
    adminPage
      .getByRole('region', { name: 'Notifications' })
      .getByText('The comment will be hidden from everyone but its author.'),
  ).toBeVisible();
  // Decided, it leaves the queue; and it disappears from A's open thread at once, without a reload.
  await expect(reported).toHaveCount(0);
  await expect(commentOnA).toHaveCount(0);
  await expect(pageA.getByText('No comments yet.')).toBeVisible();
});

test('the member directory filters by skill and industry, axe-clean', async ({ page }) => {
  await page.goto('/community?view=members');
  await expect(page.getByRole('heading', { name: /^\d+ members?$/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/industry=/);
  await page.getByRole('combobox', { name: 'Skill' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/skill=/);
  await expect(page.getByRole('heading', { name: /^\d+ members?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
