import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone } from './support/phone.ts';

test.use(phone);

/** A new member on a phone of their own (a browser context), signed in through the screens. */
async function memberPhone(browser: Browser, name: string, next: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@community-history.e2e.test`,
    password: `harbour-lantern-${tag}`,
  };
  const context = await browser.newContext(phone);
  const registered = await context.request.post('/api/auth/register', {
    data: member,
    headers: ownAddress(),
  });
  expect(registered.ok()).toBe(true);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(next);
  return { page, context, member, tag };
}

test('edit history, quote-reply and a member’s activity, offline where they write', async ({ browser }) => {
  test.setTimeout(240_000);
  const ada = await memberPhone(browser, 'Ada', '/community');
  const { tag } = ada;
  const first = `Looking for a mentor in logistics ${tag}`;
  const second = `I can offer help with spreadsheets in return ${tag}`;

  // Ada posts, then edits her post: the thread says "Edited" and keeps what it said before.
  await ada.page.getByRole('textbox', { name: 'Your post' }).fill(`${first}\n\n${second}`);
  await ada.page.getByRole('button', { name: 'Post', exact: true }).click();
  const adaPost = ada.page.getByRole('article', { name: `Post by ${ada.member.displayName}` });
  await adaPost.getByRole('link', { name: /0 comments/ }).click();
  await expect(ada.page.getByRole('heading', { level: 1, name: 'Community post' })).toBeVisible();
  const threadUrl = ada.page.url();
  await ada.page.getByRole('button', { name: 'Edit post' }).click();
  const edited = `Looking for a mentor in warehouse logistics ${tag}`;
  await ada.page.getByRole('textbox', { name: 'Edit post' }).fill(`${edited}\n\n${second}`);
  await ada.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adaPost).toContainText(edited);

  // Bo reads the thread: he sees the post was edited, and what it said before.
  const bo = await memberPhone(browser, 'Bo', new URL(threadUrl).pathname);
  const post = bo.page.getByRole('article', { name: `Post by ${ada.member.displayName}` });
  await expect(post).toContainText(edited);
  const history = bo.page.getByRole('button', { name: 'Edited · earlier versions' });
  await expect(history).toHaveAttribute('aria-expanded', 'false');
  await history.click();
  await expect(history).toHaveAttribute('aria-expanded', 'true');
  const versions = bo.page.getByRole('list', { name: 'Earlier versions of this post' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions).toContainText(first);
  await expectNoAxeViolations(bo.page);

  // He selects the second paragraph: the button offers to quote the selection, and quotes only that.
  const quote = bo.page.getByRole('button', { name: 'Quote post' });
  await expect(quote).toBeVisible();
  await post.getByText(second).evaluate((paragraph) => {
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  });
  await bo.page.getByRole('button', { name: 'Quote selection' }).click();
  const composer = bo.page.getByRole('textbox', { name: 'Add a comment' });
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue(`> ${second}\n\n`);
  await composer.press('End');
  await composer.pressSequentially('Happy to swap skills');
  await bo.page.getByRole('button', { name: 'Send' }).click();
  const reply = bo.page.getByRole('article', { name: `Comment by ${bo.member.displayName}` });
  await expect(reply.getByRole('blockquote')).toHaveText(second);
  await expect(reply).toContainText('Happy to swap skills');
  // Sent: the box empties once the server has the comment (the copy above can show before that).
  await expect(composer).toHaveValue('');

  // From the keyboard, with nothing selected, the whole post is quoted.
  await bo.page.evaluate(() => document.getSelection()?.removeAllRanges());
  await bo.page.getByRole('button', { name: 'Quote post' }).focus();
  await bo.page.keyboard.press('Enter');
  await expect(composer).toHaveValue(`> ${edited}\n>\n> ${second}\n\n`);
  await composer.fill('');

  // Offline, Bo edits his comment: it waits in the queue and lands once he is back, with its history.
  await bo.page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await bo.context.setOffline(true);
  await reply.getByRole('button', { name: 'Edit comment' }).click();
  await reply
    .getByRole('textbox', { name: 'Edit comment' })
    .fill(`Happy to swap skills, evenings suit me ${tag}`);
  await reply.getByRole('button', { name: 'Save' }).click();
  await expect(bo.page.getByRole('complementary', { name: 'Connection status' })).toContainText(
    /1 action waiting to sync/,
  );
  await bo.context.setOffline(false);
  await expect(reply).toContainText(`evenings suit me ${tag}`, { timeout: 30_000 });
  await reply.getByRole('button', { name: 'Edited · earlier versions' }).click();
  await expect(reply.getByRole('list', { name: 'Earlier versions of this comment' })).toContainText(
    'Happy to swap skills',
  );

  // Ada's profile lists her posts and comments, newest first, ten at a time.
  const adaId = ((await (await ada.page.request.get('/api/profile')).json()) as { userId: string }).userId;
  const postId = new URL(threadUrl).pathname.split('/').at(-1);
  const thanks = await ada.page.request.post(`/api/community/posts/${postId}/comments`, {
    data: { body: `Thank you, Bo ${tag}` },
  });
  expect(thanks.ok()).toBe(true);
  for (let n = 1; n <= 9; n += 1) {
    const created = await ada.page.request.post('/api/community/posts', {
      data: { topicId: 'questions', body: `Question number ${n} ${tag}` },
    });
    expect(created.ok()).toBe(true);
  }
  await bo.page.goto(`/profile/${adaId}`);
  const activity = bo.page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(10);
  await expect(activity.getByRole('listitem').first()).toContainText(`Question number 9 ${tag}`);
  await expectNoAxeViolations(bo.page);
  await activity.getByRole('button', { name: 'Load more' }).click();
  await expect(activity.getByRole('listitem')).toHaveCount(11);
  await expect(activity.getByRole('listitem').nth(9)).toContainText(`Thank you, Bo ${tag}`);
  await expect(activity.getByRole('listitem').last()).toContainText(edited);
  await expect(activity.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await activity.getByRole('link', { name: new RegExp(`warehouse logistics ${tag}`) }).click();
  await expect(bo.page).toHaveURL(threadUrl);

  await ada.context.close();
  await bo.context.close();
});

test('flags from members without standing leave the post up for everyone', async ({ browser }) => {
  const ada = await memberPhone(browser, 'Cleo', '/community');
  const body = `A post some may dislike ${ada.tag}`;
  await ada.page.getByRole('textbox', { name: 'Your post' }).fill(body);
  await ada.page.getByRole('button', { name: 'Post', exact: true }).click();
  const adaPost = ada.page.getByRole('article', { name: `Post by ${ada.member.displayName}` });
  await adaPost.getByRole('link', { name: /0 comments/ }).click();
  // The thread is open, so the address is its own.
  await expect(ada.page.getByRole('heading', { level: 1, name: 'Community post' })).toBeVisible();
  const threadPath = new URL(ada.page.url()).pathname;

  // Three new accounts flag it: none has been here a week, so the post stays for everyone (decision 0099).
  for (const name of ['Dan', 'Eve', 'Fay']) {
    const flagger = await memberPhone(browser, name, threadPath);
    await flagger.page.getByRole('button', { name: 'Report post' }).click();
    const form = flagger.page.getByRole('form', { name: 'Report post' });
    await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Off topic' });
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(flagger.page.getByText('Thanks, the moderators will look at this post.')).toBeVisible();
    await flagger.context.close();
  }
  const anonymous = await browser.newContext(phone);
  const visitor = await anonymous.newPage();
  await visitor.goto(threadPath);
  await expect(visitor.getByRole('article', { name: `Post by ${ada.member.displayName}` })).toContainText(
    body,
  );
  await expect(ada.page.getByText(/Hidden pending review/)).toHaveCount(0);
  await anonymous.close();
  await ada.context.close();
});
