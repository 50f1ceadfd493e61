import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { answerLikeS3 } from './s3rver-as-s3.ts';

export interface TestBucket {
  bucket: string;
  endpoint: string;
  /** s3rver accepts any well-formed signature made with these. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The app's S3_* settings for this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A bucket in a process of its own, which can be frozen: up, connections accepted, nothing answered. */
export interface FreezableBucket extends TestBucket {
  /** SIGSTOP: the bucket hangs as a stalled S3-compatible server does. */
  freeze(): void;
  /** SIGCONT: it answers again, the requests it was sent meanwhile included. */
  thaw(): void;
}

/**
 * A real S3-compatible server (s3rver) on loopback, with one empty bucket, its files in a temporary folder;
 * where s3rver's answers differ from S3's in what the app relies on, S3's are given (s3rver-as-s3.ts).
 */
export async function startTestBucket(): Promise<TestBucket>;
export async function startTestBucket(options: { ownProcess: true }): Promise<FreezableBucket>;
export async function startTestBucket(options: { ownProcess?: boolean } = {}): Promise<TestBucket> {
  if (options.ownProcess) return startBucketProcess();
  answerLikeS3();
  const bucket = 'uplift-test';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const directory = await mkdtemp(path.join(tmpdir(), 'uplift-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** s3-bucket-process.ts in a child process (Node runs the TypeScript as it is); its settings once it listens. */
async function startBucketProcess(): Promise<FreezableBucket> {
  const child = fork(new URL('./s3-bucket-process.ts', import.meta.url), {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the test bucket's process exited (${String(code)}) before listening`);
    }),
  ])) as [{ ready: Omit<TestBucket, 'close'> }];
  let frozen = false;
  return {
    ...message.ready,
    freeze() {
      child.kill('SIGSTOP');
      frozen = true;
    },
    thaw() {
      child.kill('SIGCONT');
      frozen = false;
    },
    async close() {
      if (child.exitCode !== null) return;
      if (frozen) child.kill('SIGCONT');
      const exited = once(child, 'exit');
      child.send('close');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
