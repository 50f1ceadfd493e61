import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, phone, seededAdmin as admin } from './support/phone.ts';

test.use(phone);

const demoMedia = fileURLToPath(new URL('../../server/src/modules/videos/demo-media/', import.meta.url));
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInAsAdmin(page: Page, next: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('on a phone an admin adds a partner, publishes it, and members find it in the directory', async ({
  page,
  context,
}) => {
  // A long walk (form, server errors, geolocation, publish, member view, delete): slow under CI's load.
  test.setTimeout(180_000);
  const tag = tagOf();
  const name = `Lantern Works ${tag}`;
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.4496, longitude: -2.5811 });
  await signInAsAdmin(page, '/admin/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  // The requests inbox stays on the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Connection requests' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Directory \(\d+\)$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add a partner' }).click();
  const form = page.getByRole('dialog', { name: 'Add a partner' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Employer' });
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Glass-blowing studio hiring trainee makers.');
  await form.getByRole('checkbox', { name: 'Entrepreneurship' }).check();
  await form.getByRole('textbox', { name: 'Address' }).fill('9 Kiln Lane, Bristol BS2 0XX');
  await form.getByRole('textbox', { name: 'City' }).fill('Bristol');
  // A latitude out of range comes back from the server next to its field.
  await form.getByRole('textbox', { name: 'Latitude' }).fill('123');
  await form.getByRole('textbox', { name: 'Longitude' }).fill('-2.58');
  await form.getByRole('button', { name: 'Save partner' }).click();
  await expect(form.getByText('Latitude is between -90 and 90.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Use my location' }).click();
  await expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveValue('51.44960');
  await expect(form.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-2.58110');
  await form.getByRole('button', { name: 'Save partner' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${name} is saved (not published).` }),
  ).toBeVisible();

  // Not published yet: members do not find it.
  await page.getByRole('searchbox', { name: 'Find a partner by name or city' }).fill(tag);
  await page.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is published.` })).toBeVisible();

  await page.goto('/partners');
  await page.getByRole('searchbox', { name: 'Search partners' }).fill(`lantern ${tag}`);
  const result = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Bristol');

  // Clean up, through the confirmation.
  await page.goto('/admin/partners');
  await page.getByRole('searchbox', { name: 'Find a partner by name or city' }).fill(tag);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: `Yes, delete ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is deleted.` })).toBeVisible();
});

test('on a phone an admin uploads a video, renames and unpublishes it, and Home follows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = tagOf();
  const title = `Pitch in a minute ${tag}`;
  const renamed = `Pitch in sixty seconds ${tag}`;
  const featuredOnHome = () => page.getByRole('region', { name: 'Featured videos' }).first();

  await signInAsAdmin(page, '/admin/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Featured \(\d+\)$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add a video' }).click();
  const form = page.getByRole('dialog', { name: 'Add a video' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Say who you are, what you do, what you want.');
  await form.getByRole('checkbox', { name: 'Communication' }).check();
  await form.getByRole('checkbox', { name: 'Published (members see it)' }).check();
  // Saving without files: the server names the missing uploads next to their fields.
  await form.getByRole('button', { name: 'Save video' }).click();
  await expect(form.getByText('Upload the video file (MP4).')).toBeVisible();
  await expect(form.getByText('Upload a poster image.')).toBeVisible();

  // A poster chosen as the video file is refused from its bytes.
  await form
    .getByLabel('Video file', { exact: true })
    .setInputFiles(path.join(demoMedia, 'first-90-days.jpg'));
  await expect(form.getByText('This file is not an MP4 video.', { exact: false })).toBeVisible();
  await form
    .getByLabel('Video file', { exact: true })
    .setInputFiles(path.join(demoMedia, 'first-90-days.mp4'));
  await expect(
    form.getByRole('status').filter({ hasText: 'Video file: uploaded and checked.' }),
  ).toBeVisible();
  await form
    .getByLabel('Poster image', { exact: true })
    .setInputFiles(path.join(demoMedia, 'first-90-days.jpg'));
  await expect(
    form.getByRole('status').filter({ hasText: 'Poster image: uploaded and checked.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save video' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `“${title}” is saved and published.` }),
  ).toBeVisible();

  await page.goto('/');
  await expect(featuredOnHome().getByRole('link', { name: new RegExp(title) })).toBeAttached();

  await page.goto('/admin/videos');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(edit.getByText('The uploaded video file is kept unless you choose another.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await edit.getByRole('button', { name: 'Save video' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `“${renamed}” is saved and published.` }),
  ).toBeVisible();
  // Unpublishing is confirmed, then waits in an undo window: undone, nothing changes.
  await page.getByRole('button', { name: `Unpublish ${renamed}` }).click();
  await page
    .getByRole('dialog', { name: `Unpublish ${renamed}?` })
    .getByRole('button', { name: `Yes, unpublish ${renamed}` })
    .click();
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices.getByText(`${renamed} will be unpublished.`)).toBeVisible();
  await notices.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: `Unpublish ${renamed}` })).toBeEnabled();
  await page.getByRole('button', { name: `Unpublish ${renamed}` }).click();
  await page.getByRole('button', { name: `Yes, unpublish ${renamed}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${renamed}” is unpublished.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Publish ${renamed}` })).toBeVisible();

  await page.goto('/');
  await expect(
    featuredOnHome().getByRole('link', { name: /Your first 90 days in a new role/ }),
  ).toBeAttached();
  await expect(featuredOnHome().getByRole('link', { name: new RegExp(tag) })).toHaveCount(0);

  // Clean up, through the confirmation.
  await page.goto('/admin/videos');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${renamed} for good?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Yes, delete ${renamed}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${renamed}” is deleted.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: renamed })).toHaveCount(0);
});
