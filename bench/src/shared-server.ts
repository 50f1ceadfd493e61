/**
 * Set-up of the production server most sections share: its environment, and Vale's model, the tests'
 * fake OpenAI-compatible upstream (server/test/fake-openai.ts), started in the bench process.
 */
import { startFakeOpenAi, type FakeOpenAi } from '../../server/test/fake-openai.ts';
import { onCleanup } from './cleanup.ts';
import type { AdminCredentials } from './session.ts';

/** The fake upstream lives in this process; it is closed after the server that calls it is stopped. */
export async function startFakeUpstream(tokenDelayMs: number): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  fake.tokenDelayMs = tokenDelayMs;
  const unregister = onCleanup({ run: () => fake.close(), now: () => {} });
  const close = fake.close;
  fake.close = async () => {
    unregister();
    await close();
  };
  return fake;
}

/** What the bench adds to the shared server's environment. */
export function sharedServerEnv(admin: AdminCredentials, fake: FakeOpenAi | null): Record<string, string> {
  return {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Vale's chat requests each come from their own X-Forwarded-For address (20 a minute per address).
    TRUST_PROXY: 'loopback',
    VALE_QUOTA_ANONYMOUS: '100000',
    // The mixed read/write load's members take assessment after assessment (no week-long retake wait).
    SKILLS_COOLDOWN_DAYS: '0',
    // Empty switches an inherited VALE_BASE_URL off: never a real model.
    VALE_BASE_URL: fake?.baseURL ?? '',
  };
}

/** The environment as the results record it: the admin's password is new each run and never written down. */
export function redactPassword(env: Record<string, string>): Record<string, string> {
  return { ...env, ADMIN_PASSWORD: '(random, 24 characters)' };
}
