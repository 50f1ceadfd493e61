import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin, ownAddress } from './support/phone.ts';

test.use(phone);

async function newMember(request: APIRequestContext, tag: string, name: string) {
  const member = {
    displayName: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@admin.e2e.test`,
    password: `amber-harbour-${tag}`,
  };
  const response = await request.post('/api/auth/register', { data: member, headers: ownAddress() });
  expect(response.ok()).toBe(true);
  return member;
}

async function signInAsAdmin(page: Page, next: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('on a phone an admin changes a role, suspends a member and exports the list as CSV', async ({
  page,
  request,
}) => {
  // A long walk with six axe checks: on a loaded machine it took over the default 120 s (2026-12-07).
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ada = await newMember(request, tag, 'Ada');
  const bo = await newMember(request, tag, 'Bo');

  await signInAsAdmin(page, `/admin/users?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('2 members match')).toBeVisible();
  // Registering signed each of them in: the card says they were active (today, so by the time).
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem').filter({ hasText: ada.displayName })).toContainText(
    /Last active \d{1,2}:\d{2}/,
  );
  // Neither has followed their verification link yet: the list says so in words, and filters on it.
  await expect(members.getByRole('listitem').filter({ hasText: bo.displayName })).toContainText(
    `${bo.email} · Not verified`,
  );
  const verified = page.getByRole('combobox', { name: 'Email' });
  await verified.selectOption({ label: 'Verified' });
  await expect(page.getByText('0 members match')).toBeVisible();
  await verified.selectOption({ label: 'Not verified' });
  await expect(page.getByText('2 members match')).toBeVisible();
  await verified.selectOption({ label: 'All' });
  // Every other admin area is behind the admin menu, and the way back to the app is one tap away.
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  await nav.getByRole('button', { name: 'Admin menu' }).click();
  for (const area of ['Portal', 'Dashboard', 'Moderation', 'Notifications', 'Videos', 'Partners']) {
    await expect(nav.getByRole('link', { name: area })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back to the app' })).toBeVisible();
  await nav.getByRole('button', { name: 'Admin menu' }).click();

  // Granting Admin waits for the member's email, typed; cancelled, nothing changes.
  const roleOfAda = page.getByRole('combobox', { name: `Role of ${ada.displayName}` });
  await roleOfAda.selectOption({ label: 'Admin' });
  const grant = page.getByRole('dialog', { name: `Make ${ada.displayName} an admin?` });
  await expect(grant.getByRole('button', { name: 'Make admin' })).toBeDisabled();
  await grant.getByRole('textbox', { name: `Type ${ada.email} to confirm` }).fill('someone@else.test');
  await expect(grant.getByRole('button', { name: 'Make admin' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await grant.getByRole('button', { name: 'Cancel' }).click();
  await expect(grant).toBeHidden();
  await expect(roleOfAda).toHaveValue('member-tier-1');

  await roleOfAda.selectOption({ label: 'Premium member' });
  await page
    .getByRole('dialog', { name: `Make ${ada.displayName} a Premium member?` })
    .getByRole('button', { name: 'Make Premium member' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `${ada.displayName} is now Premium member.` }),
  ).toBeVisible();

  // Suspension waits in an undo window: undone, nothing is sent; left alone, it applies.
  const notices = page.getByRole('region', { name: 'Notifications' });
  const confirmSuspension = page
    .getByRole('dialog', { name: `Suspend ${bo.displayName}?` })
    .getByRole('button', { name: 'Suspend and sign out' });
  await page.getByRole('button', { name: `Suspend ${bo.displayName}` }).click();
  await confirmSuspension.click();
  await expect(
    notices.getByText(`${bo.displayName} will be suspended and signed out everywhere.`),
  ).toBeVisible();
  await notices.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: `Suspend ${bo.displayName}` })).toBeEnabled();
  await page.getByRole('button', { name: `Suspend ${bo.displayName}` }).click();
  await page
    .getByRole('textbox', { name: `Reason, shown to ${bo.displayName} (optional)` })
    .fill('Selling courses in comments.');
  await expectNoAxeViolations(page);
  await confirmSuspension.click();
  await expect(page.getByRole('status').filter({ hasText: `${bo.displayName} is suspended` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reinstate ${bo.displayName}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // Each member's own history, from the audit log filtered by that member.
  await page.getByRole('button', { name: `History of ${ada.displayName}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${ada.displayName}` });
  const entries = history.getByRole('list', { name: 'Admin actions' }).locator('> li');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`Changed the role of ${ada.email}`);
  await expect(entries).toContainText('Role: Member → Premium member');
  await expectNoAxeViolations(page);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await page.getByRole('button', { name: `History of ${bo.displayName}` }).click();
  await expect(
    page
      .getByRole('dialog', { name: `History of ${bo.displayName}` })
      .getByRole('list', { name: 'Admin actions' }),
  ).toContainText('Status: Active → Suspended');
  await page.keyboard.press('Escape');

  // Fetched with the session and saved as a file, the wait on the loading overlay (decision 0111).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^The CSV is saved as uplift-members-\d{4}-\d{2}-\d{2}\.csv\.$/ }),
  ).toBeVisible();
  const csv = await readFile(file, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'id,email,display_name,role,status,joined_at,last_active_at,suspended_at,email_verified_at',
  );
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`${ada.email},${ada.displayName},member-tier-2,active`);
  expect(csv).toContain(`${bo.email},${bo.displayName},member-tier-1,suspended`);
  const adaColumns = lines.find((line) => line.includes(ada.email))?.split(',') ?? [];
  expect(Date.now() - Date.parse(adaColumns[6] ?? '')).toBeLessThan(10 * 60_000);

  await nav.getByRole('button', { name: 'Admin menu' }).click();
  await nav.getByRole('link', { name: 'Portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Admin actions' })
      .getByText(`Suspended ${bo.email}`, { exact: false })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The whole log: filtered by target, readable, linked, exported with the same filter.
  await page.getByRole('link', { name: 'The whole audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Target' }).fill(tag);
  const log = page.getByRole('list', { name: 'Admin actions' });
  await expect(log.locator('> li')).toHaveCount(2);
  await expect(log.locator('> li').first()).toContainText(`Suspended ${bo.email}`);
  await expect(log.locator('> li').first()).toContainText('Status: Active → Suspended');
  await expect(log.locator('> li').last()).toContainText('Role: Member → Premium member');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Suspended' });
  await expect(log.locator('> li')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const auditDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const auditCsv = (await readFile(await (await auditDownload).path(), 'utf8')).trim().split('\r\n');
  expect(auditCsv).toHaveLength(2);
  expect(auditCsv[1]).toContain(`,user.suspend,Suspended,user,`);
  expect(auditCsv[1]).toContain(bo.email);
  await log.getByRole('link', { name: bo.email }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('1 member match')).toBeVisible();
});

test('the dashboard draws its five charts from the seeded demo activity', async ({ page }) => {
  await signInAsAdmin(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('radio', { name: 'Last 90 days' }).check();
  // A fresh install is seeded with 90 days of activity: every chart has something other than zero.
  const some = '[1-9]\\d*';
  await expect(page.getByRole('figure', { name: 'Members by role' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${some} joined in the last 90 days\\.$`))).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: new RegExp(
        `^Active members and Vale questions per day\\. Totals: Active members ${some}, Vale questions ${some}$`,
      ),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: new RegExp(`^Members who completed an assessment: ${some}% \\(${some} of ${some}\\)$`),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: new RegExp(
        `^Sign-ins, failed sign-ins, lockouts and token reuse per day\\. Totals: Sign-ins ${some}, Failures ${some}, Lockouts ${some}, Token reuse ${some}$`,
      ),
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Outcomes reported per month/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security events per day' }).getByRole('row')).toHaveCount(91);
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(page.getByRole('table', { name: 'Security events per day' }).getByRole('row')).toHaveCount(8);
  await expectNoAxeViolations(page);
});

test('on 320 and 412 px phones a dashboard chart reads out the day tapped, and keeps its axis labels whole', async ({
  page,
}) => {
  await signInAsAdmin(page, '/admin/dashboard');
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  const panel = page.getByRole('region', { name: 'Security events per day' });
  const chart = panel.getByRole('img', { name: /^Sign-ins, failed sign-ins/ });
  const dayCells = panel.getByRole('table', { name: 'Security events per day' }).getByRole('rowheader');
  // The seven days' figures have come (the thirty days' were shown first).
  await expect(dayCells).toHaveCount(7);
  const days = await dayCells.allTextContents();
  // Before any tap, the latest day is read out.
  await expect(panel.getByText(new RegExp(`^${days[6]!.slice(5)}: Sign-ins \\d+`))).toBeVisible();
  for (const width of [320, 412]) {
    await page.setViewportSize({ width, height: 800 });
    // A tap lands only on what is on screen.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 2, box.y + box.height / 2);
    await expect(panel.getByText(new RegExp(`^${days[6]!.slice(5)}: Sign-ins \\d+`))).toBeVisible();
    // The first day is where its label starts, right of the y axis's figures.
    const firstLabel = (await chart.getByText(days[0]!.slice(5), { exact: true }).boundingBox())!;
    await page.touchscreen.tap(firstLabel.x + 1, box.y + box.height / 2);
    await expect(panel.getByText(new RegExp(`^${days[0]!.slice(5)}: Sign-ins \\d+`))).toBeVisible();
    // Every label under the axis lies inside the drawing.
    const labelBoxes = await chart.evaluate((svg) => {
      const outer = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].map((text) => {
        const inner = text.getBoundingClientRect();
        return inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
      });
    });
    expect(labelBoxes.every(Boolean)).toBe(true);
  }
  await panel.getByRole('button', { name: 'Show as table' }).click();
  await expect(panel.getByRole('table', { name: 'Security events per day' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('an admin sorts the users table and suspends the selected members in bulk', async ({
    page,
    request,
  }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const [ada, bo, cy] = [
      await newMember(request, tag, 'Ada'),
      await newMember(request, tag, 'Bo'),
      await newMember(request, tag, 'Cy'),
    ];
    await signInAsAdmin(page, `/admin/users?q=${tag}`);
    await expect(page.getByText('3 members match')).toBeVisible();
    // Wide: a table (the cards are for phones).
    const table = page.getByRole('table', { name: 'Members' });
    await expect(table).toBeVisible();
    await expect(page.getByRole('list', { name: 'Members' })).toBeHidden();

    const names = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', /ascending|descending/);
    const firstOrder = await nameHeader.getAttribute('aria-sort');
    const expected = [ada, bo, cy].map((member) => member.displayName);
    await expect(names.first()).toContainText(firstOrder === 'ascending' ? expected[0]! : expected[2]!);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).not.toHaveAttribute('aria-sort', firstOrder ?? '');
    await expect(names.first()).toContainText(firstOrder === 'ascending' ? expected[2]! : expected[0]!);

    // Two chosen rows, one action.
    await table.getByRole('checkbox', { name: `Select ${ada.displayName}` }).check();
    await table.getByRole('checkbox', { name: `Select ${cy.displayName}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    const action = bulk.getByRole('combobox', { name: 'Action' });
    await expect(action).toHaveValue('');
    await expect(bulk.getByRole('button', { name: 'Apply to 2 members' })).toBeDisabled();
    await action.selectOption({ label: 'Suspend' });
    await bulk.getByRole('button', { name: 'Apply to 2 members' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend 2 chosen members?' });
    await expect(confirm).toContainText('Only the 2 members you ticked.');
    await confirm.getByRole('button', { name: 'Suspend 2 members' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 changed, 0 already so.' })).toBeVisible();
    const statusOf = (name: string) =>
      table
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('cell', { name: /^(Active|Suspended)$/ });
    await expect(statusOf(ada.displayName)).toHaveText('Suspended');
    await expect(statusOf(cy.displayName)).toHaveText('Suspended');
    await expect(statusOf(bo.displayName)).toHaveText('Active');
    await expectNoAxeViolations(page, [1280]);
  });
});
