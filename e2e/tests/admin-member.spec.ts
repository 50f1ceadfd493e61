import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, ownAddress, phone, seededAdmin as admin } from './support/phone.ts';

test.use(phone);

test("an admin opens a member's whole story from the list and suspends them there", async ({
  page,
  playwright,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const cy = {
    displayName: `Cy Story ${tag}`,
    email: `cy-${tag}@admin.e2e.test`,
    password: `amber-quay-${tag}`,
  };
  // The member's own client: registering signs them in (a session), then they post.
  const member = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await member.post('/api/auth/register', { data: cy, headers: ownAddress() })).ok()).toBe(true);
  const posted = await member.post('/api/community/posts', {
    data: { topicId: 'wins', body: `Landed an apprenticeship interview ${tag}` },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  await member.dispose();

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/admin/users?q=${tag}`)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('list', { name: 'Members' }).getByRole('link', { name: cy.displayName }).click();

  await expect(page.getByRole('heading', { level: 1, name: cy.displayName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(cy.email);
  await expect(page.getByRole('region', { name: 'Sessions and devices (1)' })).toContainText(
    'still signed in',
  );
  const posts = page.getByRole('region', { name: 'Posts (1)' });
  await expect(posts.getByRole('link', { name: `Landed an apprenticeship interview ${tag}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assessments (0)' })).toContainText('No assessments taken.');
  await expectNoAxeViolations(page, [320, 412]);
  await page.setViewportSize({ width: 320, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The list's actions work here too: suspension with its confirmation, reason and undo window.
  await page.getByRole('button', { name: `Suspend ${cy.displayName}` }).click();
  await page
    .getByRole('textbox', { name: `Reason, shown to ${cy.displayName} (optional)` })
    .fill('Posting the same link everywhere.');
  await page
    .getByRole('dialog', { name: `Suspend ${cy.displayName}?` })
    .getByRole('button', { name: 'Suspend and sign out' })
    .click();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(
    ': Posting the same link everywhere.',
    { timeout: 20_000 },
  );
  await expect(page.getByRole('region', { name: 'Sessions and devices (1)' })).toContainText(
    'ended by a suspension',
  );
  await expect(page.getByRole('region', { name: 'What admins did' })).toContainText(`Suspended ${cy.email}`);
  await expectNoAxeViolations(page, [320]);
});
