import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemoContent } from './seed/index.ts';
import { keepTickShape } from './tick-shape.ts';

await keepTickShape();

const config = loadConfig();
// Before the app and its logger exist: the embedded database's own notices go to the console.
const database = await openDatabase(config, (message) => console.log(`embedded PostgreSQL: ${message}`));
const app = await buildApp({ config, db: database.db });
await database.prepare(() => seedDemoContent(database.db, config, app.log));

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ host: config.HOST, port: config.PORT });
