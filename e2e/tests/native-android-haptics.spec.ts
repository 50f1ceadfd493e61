import { expect, test } from '@playwright/test';
import { onTheAndroidShell, signInNewMember, callsTo } from './support/androidDevice.ts';

/**
 * Haptics, what the member feels, on the Android shell's bridge (issue 46.4): the app's real calls go
 * through Capacitor's bridge script, and the Java side answers as each plugin's Android code does.
 */
onTheAndroidShell();

test('the bottom bar taps a light haptic and posting a success one, and the settings turn them off', async ({
  page,
}) => {
  await signInNewMember(page, '/partners');
  // Signed in and landed: a tap on the bar before the landing would be overtaken by it.
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await bar.getByRole('link', { name: 'Community Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect.poll(() => callsTo(page, 'Haptics.impact')).toEqual([{ style: 'LIGHT' }]);

  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox').first().fill(`Felt in the hand ${Date.now()}`);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Your post is in the feed.', { exact: true })).toBeVisible();
  await expect.poll(() => callsTo(page, 'Haptics.notification')).toEqual([{ type: 'SUCCESS' }]);

  // The member turns haptics off (SPEC §3); the app starts again and the phone stays still.
  await page.goto('/profile-client');
  const haptics = page.getByRole('switch', { name: 'Haptic feedback' });
  // Clicked, then awaited: the switch follows once the settings' own load in flight is cancelled, a moment
  // after the tap, which `uncheck()` (it checks at once) took for a switch that did not move.
  await haptics.click();
  await expect(haptics).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Navigation' })).toBeDisabled();
  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  await bar.getByRole('link', { name: 'Community Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await composer.getByRole('textbox').first().fill(`Felt by nobody ${Date.now()}`);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Your post is in the feed.', { exact: true })).toBeVisible();
  expect(await callsTo(page, 'Haptics.impact')).toEqual([]);
  expect(await callsTo(page, 'Haptics.notification')).toEqual([]);
});

test('finishing an assessment vibrates for 300 ms (SPEC §7)', async ({ page }) => {
  await signInNewMember(page, '/skills');
  await page.getByRole('checkbox', { name: 'Communication' }).check();
  await page.getByRole('button', { name: 'Start assessment' }).click();
  const results = page.getByRole('heading', { name: 'Your results' });
  for (let position = 1; !(await results.isVisible()); position += 1) {
    const asked = page.getByRole('group', { name: new RegExp(`question ${position} of up to`) });
    await expect(asked.or(results)).toBeVisible();
    if (await results.isVisible()) break;
    expect(await callsTo(page, 'Haptics.vibrate')).toEqual([]);
    await asked.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
  }
  await expect.poll(() => callsTo(page, 'Haptics.vibrate')).toEqual([{ duration: 300 }]);
});
