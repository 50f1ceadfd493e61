import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

// The e2e server has no AI model configured: Vale answers from the knowledge base alone, and says so.

const bannerText = 'Try our AI assistant - sign in for full access';

function newMember() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { displayName: `Chat ${id}`, email: `chat-${id}@e2e.test`, password: `amber-lighthouse-${id}` };
}

function conversation(page: Page) {
  return page.getByRole('region', { name: 'Conversation' });
}

async function ask(page: Page, question: string) {
  await page.getByRole('textbox', { name: 'Message Vale' }).fill(question);
  const streamed = page.waitForResponse((response) => /\/api\/chat\/(public|message)$/.test(response.url()));
  await page.getByRole('button', { name: 'Send' }).tap();
  const response = await streamed;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  // The live region speaks once the answer is complete (never token by token).
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();
}

test('an anonymous visitor sees the banner, gets a streamed and cited answer, and opens a source', async ({
  page,
}) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Vale' })).toBeVisible();
  await expect(page.getByText(bannerText)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fchat',
  );
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByText(/^\d+ of \d+ messages left today/)).toBeVisible();

  await ask(page, 'How do I prepare for a job interview?');
  const chat = conversation(page);
  await expect(chat.getByText('How do I prepare for a job interview?')).toBeVisible();
  await expect(chat.getByText('From the Uplift knowledge base only', { exact: true })).toBeVisible();
  await expect(
    chat.getByText(/No AI model is connected, so I answered from the Uplift knowledge base only/),
  ).toBeVisible();

  const sources = chat.getByRole('list', { name: 'Sources' });
  const first = sources.getByRole('button').first();
  await expect(first).toHaveText(/^\[1\] \S/);
  const title = (await first.textContent())!.replace(/^\[1\]\s*/, '').trim();
  await first.tap();

  const source = page.getByRole('dialog', { name: title });
  await expect(source).toBeVisible();
  await expect(source.getByText(/^Topic:/)).toBeAttached();
  await expect(source.getByRole('article')).toContainText(/\w+ \w+ \w+ \w+/);
  await source.getByRole('button', { name: 'Close' }).tap();
  await expect(source).toBeHidden();
  await expect(first).toBeFocused();
});

test('on a 320 px phone the answer uses the width and its sources are readable in full', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/chat');
  await ask(page, 'How do I ask for a raise?');
  const chat = conversation(page);
  const sources = chat.getByRole('list', { name: 'Sources' }).getByRole('button');
  await expect(sources.first()).toHaveText(
    /^\[1\] (Making the case for a promotion|Negotiating pay when you receive an offer)$/,
  );
  for (const source of await sources.all()) {
    const box = (await source.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // Nothing of the title is cut off: its text fits the chip it is in.
    expect(await source.evaluate((chip) => chip.scrollWidth <= chip.clientWidth)).toBe(true);
  }
  // The sources list spans the answer bubble's text column: no avatar column beside it on a phone.
  const column = (await chat.getByRole('list', { name: 'Sources' }).boundingBox())!;
  expect(column.width).toBeGreaterThanOrEqual(0.75 * 320);
  await expectNoAxeViolations(page, []);
});

test("a member's conversation survives a reload, and can be renamed and deleted", async ({
  page,
  request,
}) => {
  const member = newMember();
  const created = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(created.status()).toBe(201);

  await page.goto('/chat');
  await page.getByRole('link', { name: 'Sign in' }).tap();
  await expect(page).toHaveURL('/login?redirectTo=%2Fchat');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/chat');
  await expect(page.getByText(bannerText)).toHaveCount(0);
  await expect(page.getByText('30 of 30 messages left today')).toBeVisible();

  const question = 'How can I negotiate a higher salary?';
  await ask(page, question);
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}$/);
  await expect(page.getByText('29 of 30 messages left today')).toBeVisible();
  const chat = conversation(page);
  await expect(chat.getByRole('list', { name: 'Sources' }).getByRole('button').first()).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expectNoAxeViolations(page, []);

  await page.reload();
  await expect(chat.getByText(question)).toBeVisible();
  await expect(
    chat.getByText(/No AI model is connected, so I answered from the Uplift knowledge base only/),
  ).toBeVisible();
  await expect(chat.getByRole('list', { name: 'Sources' }).getByRole('button').first()).toBeVisible();

  // Without ?c=, /chat opens the most recent conversation.
  await page.goto('/chat');
  await expect(chat.getByText(question)).toBeVisible();
  await expect(page).toHaveURL(/\/chat\?c=/);

  await page.getByRole('button', { name: 'Conversations' }).tap();
  const list = page.getByRole('dialog', { name: 'Conversations' });
  await expect(
    list.getByRole('button', { name: /^How can I negotiate a higher salary\? Open now/ }),
  ).toHaveAttribute('aria-current', 'true');
  await list.getByRole('button', { name: `Rename “${question}”` }).tap();
  await list.getByRole('textbox', { name: 'Conversation title' }).fill('Salary talk');
  await list.getByRole('button', { name: 'Save' }).tap();
  await expect(list.getByRole('button', { name: /^Salary talk/ })).toBeVisible();

  await list.getByRole('button', { name: 'Delete “Salary talk”' }).tap();
  await expect(list.getByText(/Delete “Salary talk”\? .*cannot be undone/)).toBeVisible();
  await list.getByRole('button', { name: 'Delete', exact: true }).tap();
  await expect(list.getByText('No conversations yet.', { exact: false })).toBeVisible();
  await list.getByRole('button', { name: 'Close' }).tap();
  await expect(chat.getByText(question)).toHaveCount(0);
  await expect(page).toHaveURL('/chat');
});

test('/chat hides the bottom navigation bar and has no axe violations', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Vale' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message Vale' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expectNoAxeViolations(page, []);
});

test('/mobile-chat-demo streams a simulated answer that can be cut off and picked up again', async ({
  page,
}) => {
  await page.goto('/mobile-chat-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile Chat Demo' })).toBeVisible();
  await expect(page.getByText('Test mobile-optimized chat features')).toBeVisible();
  await expect(page.getByText(/^Keyboard height: \d+ px/)).toBeVisible();

  await page.getByRole('button', { name: 'Simulate an interrupted stream' }).tap();
  const resume = page.getByRole('button', { name: 'Get the rest of the answer' });
  await expect(resume).toBeVisible();
  await resume.tap();
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();
  await expect(page.getByText(/momentum helps whatever the outcome/)).toBeVisible();

  await page.getByRole('button', { name: 'Focus the composer' }).tap();
  await expect(page.getByRole('textbox', { name: 'Message Vale' })).toBeFocused();
  await expectNoAxeViolations(page, []);
});
