import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

function newMember() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { displayName: `Skills ${id}`, email: `skills-${id}@e2e.test`, password: `copper-harbour-${id}` };
}

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
}

async function start(page: Page, skills: string[]) {
  for (const skill of skills) await page.getByRole('checkbox', { name: skill }).check();
  await page.getByRole('button', { name: 'Start assessment' }).click();
  await expect(page.getByRole('heading', { name: 'Your assessment' })).toBeVisible();
}

/** The question now on screen (the radio group's legend). */
const question = (page: Page) => page.getByRole('group').filter({ has: page.getByRole('radio') });

const stemOf = async (page: Page) => (await question(page).locator('legend').textContent()) ?? '';

async function answerCurrent(page: Page, option = 1) {
  const stem = await stemOf(page);
  await page.getByRole('radio').nth(option).check();
  await page.getByRole('button', { name: 'Submit answer' }).click();
  return stem;
}

async function answerUntilResults(page: Page) {
  let answered = 0;
  const results = page.getByRole('heading', { name: 'Your results' });
  while (!(await results.isVisible())) {
    const submit = page.getByRole('button', { name: 'Submit answer' });
    await expect(submit.or(results)).toBeVisible();
    if (await results.isVisible()) break;
    const before = await stemOf(page);
    await page
      .getByRole('radio')
      .nth(answered % 4)
      .check();
    await expect(submit).toBeEnabled();
    await submit.click();
    answered += 1;
    await expect(question(page).locator('legend').or(results)).not.toHaveText(before);
  }
  return answered;
}

/**
 * The results count every answer once, and the review names the concept of every missed question
 * without the answers of questions still in use (issue 40).
 */
async function expectReview(page: Page, answered: number) {
  const review = page.getByRole('region', { name: 'What to revisit' });
  await expect(review).toBeVisible();
  const tallies = (await page.getByText(/\d+ of \d+ right/).allTextContents()).map((text) =>
    (text.match(/(\d+) of (\d+) right/) ?? []).slice(1).map(Number),
  );
  const total = tallies.reduce((sum, [, items = 0]) => sum + items, 0);
  const right = tallies.reduce((sum, [correct = 0]) => sum + correct, 0);
  expect(total).toBe(answered);
  const missed = (await review.getByText(/missed \d+ questions?/).allTextContents()).reduce(
    (sum, text) => sum + Number(/missed (\d+)/.exec(text)?.[1] ?? 0),
    0,
  );
  expect(missed).toBe(total - right);
  await expect(review.getByText('(correct answer)')).toHaveCount(0);
}

test('a member takes a two-skill assessment, resumes after a reload, and sees results, review and recommendations', async ({
  page,
}) => {
  // Twenty questions answered one by one, and two axe runs at two widths: a long walk on a busy machine.
  test.setTimeout(180_000);
  await signInToSkills(page);
  await expectNoAxeViolations(page);
  await start(page, ['Communication', 'Data and analytics']);
  const answeredStem = await answerCurrent(page);
  // The next question, once it has replaced the one just answered.
  await expect(question(page).locator('legend')).not.toHaveText(answeredStem);
  const stem = await stemOf(page);
  await page.reload();
  await expect(question(page).locator('legend')).toHaveText(stem);
  await expectNoAxeViolations(page);

  const answered = 1 + (await answerUntilResults(page));
  expect(answered).toBeGreaterThanOrEqual(10);
  // Each result's heading: the skill and its score (recommendations name the skill too, with its level).
  await expect(page.getByRole('heading', { name: /^Communication \d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Data and analytics \d+$/ })).toBeVisible();
  await expectReview(page, answered);
  const recommended = page.getByRole('region', { name: 'Recommended for you' });
  await expect(recommended.getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('answers given offline are kept, and the attempt finishes once back online with none lost or doubled', async ({
  page,
  context,
}) => {
  await signInToSkills(page);
  await start(page, ['Leadership']);
  await answerCurrent(page);
  // The second question on screen: the first answer has been saved, before the connection goes.
  await expect(page.getByRole('group', { name: /· question 2 / })).toBeVisible();

  await context.setOffline(true);
  await answerCurrent(page, 2);
  await expect(page.getByText('Your answer is saved on this device.')).toBeVisible();
  await expect(page.getByText(/The next question needs a connection/)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Submit answer' })).toBeVisible({ timeout: 40_000 });
  const answered = 2 + (await answerUntilResults(page));
  await expectReview(page, answered);
});

test('the public sample works signed out, with explanations, and leads to sign in', async ({ page }) => {
  await page.goto('/skills-public');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Skills' })).toBeVisible();
  await page.getByRole('radio', { name: '25 %', exact: true }).check();
  await page.getByRole('button', { name: 'Check answer 2' }).click();
  await expect(page.getByText('Right.')).toBeVisible();
  await expect(page.getByText(/Change divided by the starting value/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to take the assessment' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fskills',
  );
  await expectNoAxeViolations(page);
});
