import { mkdtempSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { port, smtpPort } from './native/ports.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// A fresh embedded database for every run; as root PostgreSQL runs as `postgres`, which must reach it.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'uplift-e2e-'));
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir;
// Every message the e2e server sends, as the SMTP server it sends to received it (mail/smtp-catcher.ts).
const mailboxDir = process.env.E2E_MAILBOX_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'uplift-e2e-mailbox-'));
process.env.E2E_MAILBOX_DIR = mailboxDir;

/** System Chromium only: the project never downloads a browser. */
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};

export default defineConfig({
  testDir: 'tests',
  // The bundle the native shells carry, for tests/native-android.spec.ts.
  globalSetup: './native/global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // Two workers on two shared cores: the longer walks (several devices, uploads) need the headroom, and a
  // shared machine runs everything two to three times slower on some days (measured 2026-11-26: pages drawn
  // step by step showed their cards after 5 s). These are ceilings on waiting, never timing assertions.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one for every test cost a fifth of the suite's time (six specs, in turn:
    // 125 and 135 s with traces, 102 and 107 s without), and CI's traces are never read. To look into a
    // failure, run it again with `--trace on`.
    trace: 'off',
    launchOptions: chromium,
  },
  projects: [{ name: 'mobile-chromium', use: { ...devices['Pixel 7'], launchOptions: chromium } }],
  webServer: [
    {
      // A real SMTP server for the app's mail (decision 0126), started first so the first mail finds it.
      // `port`, not `url`: it speaks SMTP, not HTTP; Playwright waits until the port accepts connections.
      command: `node ${path.join(repoRoot, 'e2e/mail/smtp-catcher.ts')}`,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_MAILBOX_DIR: mailboxDir },
    },
    {
      // The production build served by the real server, from the build's stripped copies as `npm start` runs it.
      command: `node --import ${path.join(repoRoot, 'server/scripts/preloaded-types.mjs')} ${path.join(repoRoot, 'server/src/main.ts')}`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        BUILD_ID: 'e2e',
        // Accounts the tests create through the API come from addresses of their own (support/phone.ts).
        TRUST_PROXY: 'loopback',
        // The seed creates this admin on first start (tests/auth.spec.ts signs in with it).
        ADMIN_EMAIL: 'admin@e2e.test',
        ADMIN_PASSWORD: 'e2e-Admin-quartz-lantern-7461',
        // Instant notification emails go out a second after the notification (tests/email-notifications.spec.ts).
        NOTIFICATION_MAIL_DELAY_SECONDS: '1',
        // The daily digest is built every minute rather than at 07:00 (tests/email-digest.spec.ts); each
        // member still gets at most one a UTC day, as in production.
        NOTIFICATION_DIGEST_CRON: '* * * * *',
        // Mail goes over SMTP to the catcher above, as in production; without it the server would write
        // DATA_DIR/outbox instead (the server tests cover that path).
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
