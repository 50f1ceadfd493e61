import { expect, test } from '@playwright/test';
import { registerMember, signIn, signInContext, uniqueTag } from './support/members.ts';
import { linkIn, mailTo, mailsTo } from './support/mailbox.ts';
import { expectNoAxeViolations, ownAddress, seededAdmin } from './support/phone.ts';

/**
 * Issue 47.4 end to end: the daily digest. The e2e server builds it every minute
 * (NOTIFICATION_DIGEST_CRON in playwright.config.ts) instead of at 07:00 UTC; a member still gets at most
 * one a UTC day. Only a confirmed address is mailed, so the member confirms theirs last: until then the
 * digest has nobody to claim, and no run can come between the things it should gather.
 */
test('a member who chose the daily digest gets one mail with what they have not read, and opens it', async ({
  page,
  browser,
  playwright,
  request,
}) => {
  // Up to a minute to the next run, then the job queue's cron pass and polls (30 s each): a ceiling on
  // waiting for the mail, never a timing assertion.
  test.setTimeout(300_000);
  const tag = uniqueTag();
  const ada = await registerMember(request, 'Ada', tag);
  await signIn(page, ada, '/profile-client');
  const section = page.getByRole('region', { name: 'Email notifications' });
  const replies = section.getByRole('group', { name: 'Replies to your posts' });
  const announcements = section.getByRole('group', { name: 'Announcements from Uplift' });
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/settings/preferences') && response.request().method() !== 'GET',
  );
  // A click, not check(): the radio follows the saved setting, which changes a tick after the click.
  await replies.getByRole('radio', { name: 'Daily digest' }).click();
  expect((await saved).ok()).toBe(true);
  // Kept by the server: a fresh load shows the choice, beside the default for announcements.
  await page.reload();
  await expect(replies.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(announcements.getByRole('radio', { name: 'Daily digest' })).toBeChecked();

  // A reply to Ada's post, from another member.
  const created = await page.request.post('/api/community/posts', {
    data: { topicId: 'questions', body: `Who knows a good bookkeeping course? ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  const bo = await registerMember(request, 'Bo', tag);
  const boContext = await browser.newContext();
  await signInContext(boContext, bo);
  const comment = `The evening course at the library is free ${tag}`;
  const commented = await boContext.request.post(`/api/community/posts/${postId}/comments`, {
    data: { body: comment },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  await boContext.close();

  // Two announcements from an admin: one Ada reads in the app before the digest is built.
  const { user } = (await (await page.request.get('/api/auth/verify')).json()) as { user: { id: string } };
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/auth/login', { data: seededAdmin, headers: ownAddress() })).status()).toBe(
    200,
  );
  const announce = async (title: string, body: string, link?: string) => {
    const sent = await admin.post('/api/admin/notifications', {
      data: { title, body, ...(link ? { link } : {}), audience: { type: 'members', userIds: [user.id] } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  };
  await announce(`Open day ${tag}`, 'Come and meet the partners.', '/partners');
  await announce(`Seen in the app ${tag}`, 'The library opens late on Thursdays.');
  await admin.dispose();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const seen = page.getByRole('listitem').filter({ hasText: `Seen in the app ${tag}` });
  const read = page.waitForResponse(
    (response) =>
      /\/api\/notifications\/[\w-]+\/read$/.test(response.url()) && response.request().method() === 'POST',
  );
  await seen.getByRole('button', { name: 'Mark as read' }).click();
  expect((await read).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: `Open day ${tag}` })).toContainText('Unread');
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Mark as read' })).toBeHidden();

  // Ada confirms her address: from now on the digest may mail her.
  await page.goto(linkIn(await mailTo(ada.email, 'Confirm your email address'), '/verify-email'));
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    `Thank you: ${ada.email} is confirmed as your email address.`,
  );

  const digest = await mailTo(ada.email, 'Your day on Uplift', { timeout: 240_000 });
  expect(digest.subject).toMatch(/^Your day on Uplift: \d+ updates · Uplift$/);
  expect(digest.text).toContain(`${bo.displayName} commented on your post: ${comment}`);
  expect(digest.text).toContain(`Open day ${tag}: Come and meet the partners.`);
  expect(digest.text).not.toContain(`Seen in the app ${tag}`);
  // One mail gathers both; neither was mailed on its own.
  expect(await mailsTo(ada.email, 'Your day on Uplift')).toHaveLength(1);
  expect(await mailsTo(ada.email, `Open day ${tag}`)).toEqual([]);
  expect(await mailsTo(ada.email, bo.displayName)).toEqual([]);

  // Its link opens the notification centre, where the reply leads to the post.
  const link = /Open your notifications:\s+(\S+)/.exec(digest.text ?? '')?.[1];
  expect(link, digest.text).toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Open day ${tag}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: new RegExp(`${bo.displayName} commented on your post`) }).click();
  await expect(page).toHaveURL(new RegExp(`/community/posts/${postId}`));
  await expect(page.getByText(comment)).toBeVisible();
});
