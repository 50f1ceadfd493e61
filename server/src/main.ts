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

// Signals drain the requests, then stop the pool and the embedded database. Errors are not among its
// events: until the server listens, an uncaught one ends the process (a start-up failure); after that,
// one request's error (a database connection that died, decision 0049) is logged and the server goes on.
closeWithGrace({ delay: 10_000, skip: ['uncaughtException', 'unhandledRejection'] }, async ({ signal }) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ host: config.HOST, port: config.PORT });

process.on('uncaughtException', (err) => app.log.error({ err }, 'uncaught error; the server goes on'));
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection; the server goes on'));
