import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

// Issue 41: Vale names the product's own screens, and the chat screen's Open WebUI tools (copy, edit and
// ask again, search, export as Markdown). The e2e server has no AI model: answers come from the knowledge
// base and the seeded partners, videos and assessments.

function conversation(page: Page) {
  return page.getByRole('region', { name: 'Conversation' });
}

async function ask(page: Page, question: string) {
  await page.getByRole('textbox', { name: 'Message Vale' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();
}

test('a member at 320 px: partners cited and linked, copy, edit and ask again, search, export', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const member = { displayName: `Tools ${id}`, email: `tools-${id}@e2e.test`, password: `amber-quay-${id}` };
  const created = await page.request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(created.status()).toBe(201);
  await page.goto('/login?redirectTo=%2Fchat');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/chat');

  // A funding question names the funder partners, each linked to its page.
  await ask(page, 'Is there funding for a training course?');
  const chat = conversation(page);
  const sources = chat.getByRole('list', { name: 'Sources' });
  const partner = sources.getByRole('link').first();
  await expect(partner).toHaveAttribute('href', /^\/partners\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page, [320]);

  // Copy the answer.
  await chat.getByRole('button', { name: 'Copy answer' }).tap();
  await expect(chat.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\]\(\/partners\/[0-9a-f-]{36}\)/);

  // Edit the question: it is answered again in place.
  await chat.getByRole('button', { name: 'Edit question' }).tap();
  const field = chat.getByRole('textbox', { name: 'Edit your question' });
  await expect(field).toBeFocused();
  await field.fill('How do I prepare for a job interview?');
  await chat.getByRole('button', { name: 'Save and ask again' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();
  await expect(chat.getByText('How do I prepare for a job interview?')).toBeVisible();
  await expect(chat.getByText('Is there funding for a training course?')).toHaveCount(0);
  await expectNoAxeViolations(page, [320]);

  // Edit an earlier question: the member is told the later messages go before saving, from the keyboard.
  await ask(page, 'What should I wear to it?');
  await expect(chat.getByRole('button', { name: 'Edit question' })).toHaveCount(2);
  await chat.getByRole('button', { name: 'Edit question' }).first().tap();
  const earlier = chat.getByRole('textbox', { name: 'Edit your question' });
  await expect(earlier).toBeFocused();
  await expect(earlier).toHaveAccessibleDescription(
    "Saving replaces Vale's answer and removes the 2 later messages below.",
  );
  await expectNoAxeViolations(page, [320]);
  await earlier.fill('How do I prepare for a job interview?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(chat.getByRole('button', { name: 'Save and ask again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();
  await expect(chat.getByText('What should I wear to it?')).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Edit question' })).toHaveCount(1);
  // The server kept the edit: the conversation read again holds one question.
  await page.reload();
  await expect(conversation(page).getByRole('button', { name: 'Edit question' })).toHaveCount(1);
  await expect(conversation(page).getByText('What should I wear to it?')).toHaveCount(0);

  // Export as Markdown: a download in the browser.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export conversation as Markdown' }).tap();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('vale-how-do-i-prepare-for-a-job-interview.md');
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toMatch(
    /^# How do I prepare for a job interview\?\n\n## You\n\nHow do I prepare for a job interview\?\n\n## Vale/,
  );
  expect(markdown).toContain('## Vale');
  await expect(page.getByText('Downloaded vale-how-do-i-prepare-for-a-job-interview.md.')).toBeVisible();

  // Search old conversations by a word of a message.
  await page.getByRole('button', { name: 'Conversations' }).tap();
  const list = page.getByRole('dialog', { name: 'Conversations' });
  const search = list.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('interview');
  await expect(list.getByRole('button', { name: /^Is there funding for a training course\?/ })).toBeVisible();
  await search.fill('lasagne');
  await expect(list.getByText('No conversation mentions “lasagne”.')).toBeVisible();
  await expectNoAxeViolations(page, [320]);
});
