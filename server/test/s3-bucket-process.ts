/**
 * Runs the test bucket (s3-bucket.ts) in a process of its own, so a test can freeze it (SIGSTOP): started by
 * `startTestBucket({ ownProcess: true })`, it reports its settings once listening and closes when told.
 */
import { startTestBucket } from './s3-bucket.ts';

const bucket = await startTestBucket();
const { close, ...settings } = bucket;
process.send!({ ready: settings });
process.on('message', (message) => {
  if (message === 'close') void close().then(() => process.exit(0));
});
process.on('disconnect', () => void close().then(() => process.exit(0)));
