import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from './database.ts';
import { startInstance, type Instance } from './instance.ts';
import type { TestBucket } from './s3-bucket.ts';

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** Stops both instances and drops their database and folders; the bucket stays its owner's to close. */
  close(): Promise<void>;
}

/**
 * Two instances on one fresh database and `bucket`, each with a DATA_DIR of its own: only the bucket is
 * shared, so a file one of them stored can reach the other through the bucket alone.
 */
export async function twoInstancesOnOneBucket(bucket: TestBucket): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const folder = () => mkdtemp(path.join(tmpdir(), 'uplift-instance-'));
  const dataDirs = await Promise.all([folder(), folder()]);
  const start = (dataDir: string) => startInstance(database.url, { ...bucket.env, DATA_DIR: dataDir });
  const [a, b] = await Promise.all([start(dataDirs[0]), start(dataDirs[1])]);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.app.close(), b.app.close()]);
      await Promise.all([a.db.$client.end(), b.db.$client.end()]);
      await database.drop();
      await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
    },
  };
}
