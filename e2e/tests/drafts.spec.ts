import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone, seededAdmin } from './support/phone.ts';

test.use(phone);

/** Issue 43.2: drafts survive a reload; a member suspended mid-use is told why and keeps what they wrote. */
test('a post and a Vale question survive a reload; a suspended member sees why and keeps the draft', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `Cleo ${tag}`,
    email: `cleo-${tag}@drafts.e2e.test`,
    password: `copper-harbour-${tag}`,
  };
  const registered = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(registered.ok()).toBe(true);
  const memberId = ((await registered.json()) as { user: { id: string } }).user.id;

  await page.goto('/login?redirectTo=%2Fcommunity');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();

  // A post half written, then a reload: the text is back.
  const post = page.getByRole('textbox', { name: 'Your post' });
  await post.fill(`Half-written thoughts on budgeting ${tag}`);
  await page.reload();
  await expect(post).toHaveValue(`Half-written thoughts on budgeting ${tag}`);

  // The same for a question to Vale, after leaving the page and coming back.
  await page.goto('/chat');
  const question = page.getByRole('textbox', { name: 'Message Vale' });
  await expect(question).toBeEnabled();
  await question.fill('How do I ask for a raise?');
  await page.goto('/community');
  await page.goto('/chat');
  await expect(question).toHaveValue('How do I ask for a raise?');

  // An admin suspends the member, with a reason, from elsewhere (the API, as the admin screens call it),
  // while they are writing.
  await page.goto('/community');
  await post.fill(`Half-written thoughts on budgeting ${tag}, finished`);
  const admin = await request.post('/api/auth/login', { data: seededAdmin });
  expect(admin.ok()).toBe(true);
  const reason = 'Repeated spam in the community.';
  const suspended = await request.patch(`/api/users/${memberId}`, {
    data: { suspended: true, suspendReason: reason },
  });
  expect(suspended.ok()).toBe(true);

  // The member's next request signs them out and says why, with the reason: the app's own (its live
  // connection notices the ended session at once) or, if none came first, sending the post.
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(async () => {
    if (!(await signIn.isVisible()))
      await page.getByRole('button', { name: 'Post', exact: true }).click({ timeout: 2_000 });
    await expect(signIn).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const notice = page.getByRole('alert').filter({ hasText: 'suspended' });
  await expect(notice).toContainText('Your account was suspended by an administrator.');
  await expect(notice).toContainText(`Reason: ${reason}`);
  await expectNoAxeViolations(page);

  // Reinstated and signed in again: what they were typing is still there.
  expect((await request.patch(`/api/users/${memberId}`, { data: { suspended: false } })).ok()).toBe(true);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect(post).toHaveValue(`Half-written thoughts on budgeting ${tag}, finished`);

  // Sent, the draft is gone: a reload shows an empty field.
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('article', { name: `Post by ${member.displayName}` })).toBeVisible();
  await expect(post).toHaveValue('');
  await page.reload();
  await expect(post).toHaveValue('');
});
