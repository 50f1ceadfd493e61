import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

function newMember() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { displayName: `Sharer ${id}`, email: `sharer-${id}@e2e.test`, password: `slate-meadow-${id}` };
}

/** Signs a new member in through the form, onto the assessment. */
async function signInToSkills(page: Page) {
  const member = newMember();
  expect(
    (await page.request.post('/api/auth/register', { data: member, headers: ownAddress() })).status(),
  ).toBe(201);
  await page.goto('/login?redirectTo=%2Fskills');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills Assessment' })).toBeVisible();
  return member;
}

/**
 * Answers every question on screen until the results: "I don't know" on every other question (chosen
 * with the keyboard, as a screen-reader user would), the first option otherwise. Returns how many were
 * answered "I don't know".
 */
async function answerUntilResults(page: Page): Promise<number> {
  const results = page.getByRole('heading', { name: 'Your results' });
  const submit = page.getByRole('button', { name: 'Submit answer' });
  let answered = 0;
  let dontKnow = 0;
  const radios = page.getByRole('radio');
  while (true) {
    await expect(submit.or(results)).toBeVisible();
    if (await results.isVisible()) return dontKnow;
    const question = page.getByRole('group').filter({ has: radios }).locator('legend');
    const stem = (await question.textContent()) ?? '';
    await expect(radios).toHaveCount(5);
    if (answered % 2 === 0) {
      // The last option of the group, reached by the arrow keys from the first.
      await radios.first().focus();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('radio', { name: "I don't know" })).toBeChecked();
      await page.keyboard.press('Enter');
      dontKnow += 1;
    } else {
      await radios.first().check();
      await submit.click();
    }
    answered += 1;
    await expect(question.or(results)).not.toHaveText(stem);
  }
}

test('"I don\'t know" is reviewed as such; a shared result is public by link, with its card, until stopped', async ({
  page,
  browser,
}) => {
  const member = await signInToSkills(page);
  await page.getByRole('checkbox', { name: 'Leadership' }).check();
  await page.getByRole('button', { name: 'Start assessment' }).click();
  await expect(page.getByRole('heading', { name: 'Your assessment' })).toBeVisible();
  await expect(page.getByRole('radio', { name: "I don't know" })).toBeVisible();
  await expectNoAxeViolations(page);
  const dontKnow = await answerUntilResults(page);
  expect(dontKnow).toBeGreaterThanOrEqual(3);

  // The review says which misses were "I don't know".
  const review = page.getByRole('region', { name: 'What to revisit' });
  const said = (await review.getByRole('button').allTextContents()).map((text) =>
    /missed (\d+) questions?, (?:(\d+) )?answered “I don't know”/.exec(text),
  );
  const counted = said.reduce((sum, match) => sum + (match ? Number(match[2] ?? match[1]) : 0), 0);
  expect(counted).toBe(dontKnow);

  // Sharing is the member's act: nothing is public until they ask.
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Leadership \d+$/ }) });
  await expect(card.getByText(/not your name, score or answers/)).toBeVisible();
  await card.getByRole('button', { name: 'Share my result' }).click();
  await expect(card.getByRole('status')).toHaveText('Your result is public at its own link.');
  const link = card.getByRole('link', { name: 'link to your Leadership result' });
  const path = await link.getAttribute('href');
  expect(path).toMatch(/^\/skills\/shared\/[A-Za-z0-9_-]{22}$/);
  await expectNoAxeViolations(page);

  // Share: Chromium here has no share sheet, so the link is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Link copied: paste it wherever you like.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(path);

  // Anyone with the link, signed out: the skill, level, band and date, and the server-drawn card.
  const level = /^(Novice|Emerging|Proficient|Advanced|Expert) · likely between (\d+) and (\d+)/.exec(
    (await card.getByText(/likely between/).textContent()) ?? '',
  );
  expect(level).not.toBeNull();
  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  await stranger.goto(copied);
  await expect(stranger.getByRole('heading', { level: 2, name: `Leadership: ${level![1]}` })).toBeVisible();
  await expect(stranger.getByText(`${level![2]}–${level![3]} of 300`)).toBeVisible();
  // The date the result was completed, in the reader's own way of writing dates.
  await expect(stranger.getByRole('definition').nth(2)).toHaveText(/[A-Z][a-z]+.*\d{4}$/);
  const body = (await stranger.content()) + (await stranger.title());
  expect(body).not.toContain(member.displayName);
  expect(body).not.toContain(member.email);
  const image = await stranger.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/\/api\/skills\/shared\/[A-Za-z0-9_-]{22}\/image\.png$/);
  await expect(stranger.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `Leadership: ${level![1]} · Uplift`,
  );
  const card1200 = await stranger.request.get(image!);
  expect(card1200.status()).toBe(200);
  expect(card1200.headers()['content-type']).toBe('image/png');
  const png = await card1200.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  await expectNoAxeViolations(stranger);

  // Stopped: the link is dead, for the page and its card.
  await card.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(card.getByRole('status')).toHaveText('Sharing stopped: the link no longer works.');
  await expect(card.getByRole('button', { name: 'Share my result' })).toBeVisible();
  // The server answers the page 404; a visitor whose service worker has the app draws it from there.
  expect((await stranger.request.get(copied)).status()).toBe(404);
  await stranger.goto(copied);
  // Said as one alert (decision 0121), not a heading and a line.
  await expect(stranger.getByRole('alert')).toHaveText(
    'This result is not shared. The link is wrong, or the member who shared it has stopped sharing it.',
  );
  expect((await stranger.request.get(image!)).status()).toBe(404);
  await expectNoAxeViolations(stranger);
  await visitor.close();
});
