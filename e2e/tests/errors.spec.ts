import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';

/** SPEC §8: every catalogue code with its message and toast title. */
const catalogue = [
  ['AUTH_FAILED', 'Authentication Error', 'Authentication failed. Please log in again.'],
  ['NETWORK_ERROR', 'Connection Error', 'Network connection error. Please check your internet connection.'],
  [
    'OFFLINE_ERROR',
    'Offline Mode',
    'You are currently offline. Your action has been queued and will be completed when connection returns.',
  ],
  ['QUEUED_OFFLINE', 'Action Queued', "Action saved and will be completed when you're back online."],
  ['API_ERROR', 'Server Error', 'Server error occurred. Please try again later.'],
  ['PERMISSION_DENIED', 'Access Denied', "You don't have permission to perform this action."],
  ['VALIDATION_ERROR', 'Validation Error', 'Please check your input and try again.'],
  ['NOT_FOUND', 'Not Found', 'The requested resource was not found.'],
  ['TIMEOUT', 'Request Timeout', 'Request timed out. Please try again.'],
  ['RATE_LIMITED', 'Rate Limited', 'Too many requests. Please wait a moment and try again.'],
  ['MAINTENANCE', 'Service Unavailable', 'Service is temporarily unavailable for maintenance.'],
  ['UNKNOWN_ERROR', 'Error', 'An unexpected error occurred. Please try again.'],
] as const;

async function openErrorDemo(page: Page) {
  await page.goto('/error-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Error Handling Demo' })).toBeVisible();
  return page.getByRole('region', { name: 'Notifications' });
}

async function dismissAll(page: Page) {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', {
    name: 'Dismiss notification',
  });
  while ((await close.count()) > 0) await close.first().click();
}

test('every catalogue error shows its toast title and message', async ({ page }) => {
  const notifications = await openErrorDemo(page);
  for (const [code, title, message] of catalogue) {
    await page.getByRole('button', { name: `Show ${code}` }).click();
    const toast = notifications.getByRole('listitem').filter({ hasText: message });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(title, { exact: true })).toBeVisible();
    await dismissAll(page);
  }
});

test('real failed requests become their catalogue errors', async ({ page }) => {
  const notifications = await openErrorDemo(page);
  await page.getByRole('button', { name: 'Ask the API for something that does not exist' }).click();
  await expect(notifications.getByText('The requested resource was not found.')).toBeVisible();
  await page.getByRole('button', { name: 'Send the API an invalid error report' }).click();
  await expect(notifications.getByText('Please check your input and try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Give a request 1 ms to answer' }).click();
  await expect(notifications.getByText('Request timed out. Please try again.')).toBeVisible();
});

test('unhandled rejections and uncaught errors show their toasts', async ({ page }) => {
  const notifications = await openErrorDemo(page);
  await page.getByRole('button', { name: 'Reject a promise nobody handles' }).click();
  await expect(notifications.getByText('An unexpected error occurred')).toBeVisible();
  await page.getByRole('button', { name: 'Throw an uncaught JavaScript error' }).click();
  await expect(notifications.getByText('A JavaScript error occurred')).toBeVisible();
});

test('a render error shows the error page and "A component error occurred"', async ({ page }) => {
  const notifications = await openErrorDemo(page);
  await page.getByRole('button', { name: 'Break this screen (render error)' }).click();
  // A fault in the page itself: the app says so and offers a reload, blaming neither server nor network.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Something went wrong in the app' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the app' })).toBeVisible();
  await expect(page.getByText(/Internal Server Error|Check your connection/)).toHaveCount(0);
  await expect(notifications.getByText('A component error occurred')).toBeVisible();
});

test('the error demo has no axe violations, with a toast showing', async ({ page }) => {
  await openErrorDemo(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Show MAINTENANCE' }).click();
  expect(await axeViolations(page)).toEqual([]);
});
