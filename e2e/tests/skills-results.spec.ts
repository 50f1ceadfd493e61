import { expect, test, type Page } from '@playwright/test';
import type { AssessmentState } from '@uplift/contracts';
import { expectNoAxeViolations, ownAddress } from './support/phone.ts';

const member = () => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { displayName: `Results ${id}`, email: `results-${id}@e2e.test`, password: `amber-lagoon-${id}` };
};

/** A finished three-skill assessment, answered through the API with the first option every time. */
async function finishedAssessment(page: Page) {
  const account = member();
  const registered = await page.request.post('/api/auth/register', { data: account, headers: ownAddress() });
  expect(registered.status()).toBe(201);
  const started = await page.request.post('/api/skills/assessments', {
    data: { skills: ['communication', 'data-analytics', 'leadership'] },
  });
  expect(started.status()).toBe(201);
  let state = (await started.json()) as AssessmentState;
  while (state.item) {
    const answered = await page.request.post(`/api/skills/assessments/${state.id}/answers`, {
      data: { itemId: state.item.id, choice: 0 },
    });
    expect(answered.status()).toBe(200);
    state = (await answered.json()) as AssessmentState;
  }
  return { attempt: state.id, account };
}

/** Signs in through the form (the app learns who is signed in there), straight onto the results. */
async function signInTo(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the results lead with the gaps and a study plan, and the review opens on the missed questions by concept', async ({
  page,
}) => {
  const { attempt, account } = await finishedAssessment(page);
  await signInTo(page, `/skills?attempt=${attempt}`, account);
  await expect(page.getByRole('heading', { name: 'Your results' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recommended for you' }).getByRole('link').first(),
  ).toBeVisible();

  // Gaps first: the skills from the weakest up, then the plan, whose steps follow the same order.
  const scores = (await page.getByRole('heading', { level: 3, name: /^\D+ \d+$/ }).allTextContents()).map(
    (text) => Number(/(\d+)$/.exec(text)?.[1]),
  );
  expect(scores).toHaveLength(3);
  expect(scores).toEqual([...scores].sort((x, y) => x - y));
  const plan = page.getByRole('region', { name: 'Your study plan' });
  await expect(plan.getByRole('heading', { level: 3 }).first()).toHaveText(/^1\. /);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.slice(0, 3)).toEqual(['Your results', 'Your study plan', 'What to revisit']);

  // A Pixel 7 screen is 915 px tall: the whole page (three skills, every answer the first option) was
  // 10,432 px with the review as full cards and recommendations with summaries; about 4,000 px now (the review closed; the adaptive questions vary it).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`results page height at 412×915: ${height} px`);
  expect(height).toBeLessThan(10_432 / 2);

  // The review: missed questions by concept, each closed until asked for, and no live answer anywhere.
  const review = page.getByRole('region', { name: 'What to revisit' });
  const concepts = review.getByRole('button', { expanded: false });
  expect(await concepts.count()).toBeGreaterThan(1);
  await concepts.first().click();
  await expect(review.getByRole('button', { expanded: true })).toHaveCount(1);
  await expect(
    review
      .getByRole('list', { name: /^Study / })
      .getByRole('link')
      .first(),
  ).toBeVisible();
  await expect(page.getByText('(correct answer)')).toHaveCount(0);

  await expectNoAxeViolations(page);
});
