import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin, ownAddress } from './support/phone.ts';

test.use(phone);

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

test('an admin pins a member post to the top of the feed and unpins it; members get no pin control', async ({
  browser,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const cy = {
    displayName: `Cy ${tag}`,
    email: `cy-${tag}@community.e2e.test`,
    password: `amber-meadow-${tag}`,
  };
  expect((await request.post('/api/auth/register', { data: cy, headers: ownAddress() })).ok()).toBe(true);

  // The member posts, and sees no "Pin" anywhere.
  const member = await signedInPhone(browser, cy, '/community');
  await member.getByRole('textbox', { name: 'Your post' }).fill(`Our mentoring circle starts Monday ${tag}`);
  await member.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(member.getByRole('article', { name: `Post by ${cy.displayName}` })).toBeVisible();
  await expect(member.getByRole('button', { name: /^(Pin|Unpin) the post/ })).toHaveCount(0);

  // Another member's newer post pushes Cy's down, so pinning visibly moves it.
  const admins = await signedInPhone(browser, admin, '/community');
  await admins.getByRole('textbox', { name: 'Your post' }).fill(`Welcome to this week's newcomers ${tag}`);
  await admins.getByRole('button', { name: 'Post', exact: true }).click();
  const cyPost = admins.getByRole('article', { name: `Post by ${cy.displayName}` });
  await expect(cyPost).toBeVisible();
  await expect(cyPost.getByText('Pinned', { exact: true })).toHaveCount(0);

  await cyPost.getByRole('button', { name: `Pin the post by ${cy.displayName}` }).click();
  await expect(cyPost.getByRole('button', { name: `Unpin the post by ${cy.displayName}` })).toBeVisible();
  await expect(cyPost.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(admins.getByRole('article').first()).toHaveAccessibleName(`Post by ${cy.displayName}`);
  await expectNoAxeViolations(admins);

  // Unpinned, it goes back among the newest-first posts, and the feed stays as other specs expect it.
  await cyPost.getByRole('button', { name: `Unpin the post by ${cy.displayName}` }).click();
  await expect(cyPost.getByRole('button', { name: `Pin the post by ${cy.displayName}` })).toBeVisible();
  await expect(cyPost.getByText('Pinned', { exact: true })).toHaveCount(0);
});
