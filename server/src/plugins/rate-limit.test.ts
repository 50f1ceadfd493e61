import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { startInstance, type Instance } from '../../test/instance.ts';
import { redisAnswers, testRedisUrl } from '../../test/redis.ts';

const reachable = await redisAnswers();

/** Two instances on one database and one Redis: a rate limit counts the requests both received. */
describe.skipIf(!reachable)(`rate limits shared through Redis (${testRedisUrl})`, () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await Promise.all([
      startInstance(database.url, { REDIS_URL: testRedisUrl }),
      startInstance(database.url, { REDIS_URL: testRedisUrl }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await Promise.all([a.db.$client.end(), b.db.$client.end()]);
    await database.drop();
  });

  it('refuses the eleventh registration a minute from one address, whichever instance each reached', async () => {
    // An address of this run's own: the counts live in Redis beyond this test.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const register = (instance: Instance, index: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: {
          displayName: `Shared limit ${index}`,
          email: `shared-limit-${remoteAddress}-${index}@example.com`,
          password: `amber-harbour-lantern-${index}`,
        },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await register(index % 2 === 0 ? a : b, index)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const refused = await register(a, 10);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(b, 11)).statusCode).toBe(429);
  });
});
