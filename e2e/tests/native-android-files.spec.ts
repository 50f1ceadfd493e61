import { expect, test } from '@playwright/test';
import { answerNative, deviceFilePrefix } from '../native/androidShell.ts';
import { onTheAndroidShell, signInNewMember, callsTo } from './support/androidDevice.ts';

/**
 * Camera, Filesystem: the device abilities that make or keep a member's files, on the Android shell's
 * bridge (issue 46.4): the app's real calls go through Capacitor's bridge script, and the Java side answers
 * as each plugin's Android code does.
 */
onTheAndroidShell();

test('a photo taken with the camera uploads; a cancelled pick is logged and changes nothing', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const member = await signInNewMember(page, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile photo' })).toBeVisible();

  // The camera app returns its photo as a file Capacitor serves to the web view.
  await answerNative(page, 'Camera.getPhoto', {
    data: { webPath: `${deviceFilePrefix}portrait.png`, format: 'png', saved: false },
  });
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${member.displayName}` })).toHaveAttribute(
    'src',
    /\/api\/uploads\/[0-9a-f]{32}-header\.webp$/,
  );
  expect(await callsTo(page, 'Camera.getPhoto')).toEqual([
    { quality: 90, allowEditing: false, resultType: 'uri', source: 'CAMERA' },
  ]);

  // The member opens the library and backs out: Android's plugin rejects, the app logs it (SPEC §8) and
  // shows nothing wrong.
  await answerNative(page, 'Camera.getPhoto', { error: 'User cancelled photos app' });
  await page.getByRole('button', { name: 'Choose from library' }).click();
  await expect.poll(() => warnings.some((text) => text.startsWith('Camera: no photo chosen'))).toBe(true);
  expect((await callsTo(page, 'Camera.getPhoto')).at(-1)).toMatchObject({ source: 'PHOTOS' });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Your new photo, cropped to a square' })).toHaveCount(0);

  // A camera that fails is said plainly.
  await answerNative(page, 'Camera.getPhoto', { error: 'Unable to access camera' });
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect(page.getByRole('alert')).toHaveText('The camera could not be opened.');
});

test('"Export my data" writes the member\'s data to Documents as UTF-8', async ({ page }) => {
  const member = await signInNewMember(page, '/profile-client');
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible();
  await answerNative(page, 'Filesystem.writeFile', {
    data: { uri: 'file:///storage/emulated/0/Documents/uplift-export.json' },
  });
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(
    page.getByText(/^Your data is saved as uplift-export-\d{4}-\d{2}-\d{2}\.json\.$/),
  ).toBeVisible();
  const [written] = await callsTo(page, 'Filesystem.writeFile');
  expect(written).toMatchObject({ directory: 'DOCUMENTS', encoding: 'utf8' });
  expect(written?.path).toMatch(/^uplift-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(String(written?.data)) as { account: { email: string } };
  expect(data.account.email).toBe(member.email);

  // The phone's storage refuses: the member is told, nothing pretends it was saved.
  await answerNative(page, 'Filesystem.writeFile', { error: 'Unable to write file' });
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText('Your data could not be exported. Try again.')).toBeVisible();
});

test('a Vale conversation is written to Documents as Markdown, and said saved only once read back whole', async ({
  page,
}) => {
  await signInNewMember(page, '/chat');
  await page.getByRole('textbox', { name: 'Message Vale' }).fill('How do I prepare for a job interview?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vale answered.' })).toBeAttached();

  const fileName = 'vale-how-do-i-prepare-for-a-job-interview.md';
  await page.getByRole('button', { name: 'Export conversation as Markdown' }).click();
  await expect(page.getByText(`Saved ${fileName} to Documents.`)).toBeVisible();
  const [written] = await callsTo(page, 'Filesystem.writeFile');
  expect(written).toMatchObject({ path: fileName, directory: 'DOCUMENTS', encoding: 'utf8' });
  expect(String(written?.data)).toMatch(/^# How do I prepare for a job interview\?\n\n## You\n/);
  expect(await callsTo(page, 'Filesystem.readFile')).toEqual([
    { path: fileName, directory: 'DOCUMENTS', encoding: 'utf8' },
  ]);

  // The phone kept only part of the file (storage filled up mid-write): "saved" would be a lie.
  await answerNative(page, 'Filesystem.readFile', { data: { data: '# How do I prep' } });
  await page.getByRole('button', { name: 'Export conversation as Markdown' }).click();
  await expect(page.getByText('The conversation could not be exported. Try again.')).toBeVisible();
});
