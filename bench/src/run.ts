/**
 * Uplift benchmark: one run, side by side, against the production server (`npm run bench` builds the web
 * app first, then runs this file). The server gets a fresh database, an admin account with a password new
 * each run (ADMIN_EMAIL/ADMIN_PASSWORD), TRUST_PROXY=loopback, a large anonymous Vale quota, no retake
 * cool-down for assessments (SKILLS_COOLDOWN_DAYS=0), and as Vale's model the tests' fake OpenAI-compatible
 * upstream (server/test/fake-openai.ts), started in this process.
 *
 *   1. Lighthouse (default mobile settings) scores for `/`, in headless system Chromium.
 *   2. Gzipped size (level 9) of all JavaScript `/` loads.
 *   3. Vale time to first token, p50/p99: straight to the fake upstream vs. through POST /api/chat/public,
 *      and the time Vale adds.
 *   4. HTTP throughput of each endpoint below vs. a bare node:http server answering the same bytes and
 *      content-type: status, health, the session check (signed in once as the admin, then loaded with the
 *      session cookie), database reads (knowledge points, partners, videos, the community feed) and the
 *      impact figures. Each run also reports the hypervisor's steal over it (bench/src/machine-steal.ts).
 *   5. Route chunks of the build: gzip size of /partners, /skills, /profile, /community (feed and thread)
 *      and the chart chunks, the heaviest route and the largest lazy chunk, against the 60 KB budget.
 *   6. Photo uploads (a 4000×3000 JPEG): server-side p50 one at a time, and the server's RSS while 20
 *      arrive at once (budget 400 MB).
 *   6b. Live fan-out: 200 anonymous /api/events readers; from a post's creation to its event arriving at
 *      each of them, p50/p99 (bench/src/live-fanout.ts).
 *   6c. Mixed reads and writes: members signed up through the API, one per connection, each sending four
 *      public reads then one write (assessment answers, reactions, video progress, posts), 100 connections
 *      for 60 s; 429s counted apart from the other 4xx (bench/src/mixed-writes.ts).
 *   7. CSV export of 10,000 members (GET /api/users/export.csv): rows per second and the server's RSS while
 *      exporting, on a second production server whose database the bench fills directly.
 *   8. Scale-out: the mixed public reads against one production server, then spread over two on the same
 *      PostgreSQL; requests per second of each and the ratio (bench/src/scale-out.ts).
 *
 * Prints a summary and writes bench/results/latest.json. Exits non-zero only when something failed to run,
 * never because of a score or a ratio. About 2 minutes with the defaults.
 *
 * Environment: BENCH_DURATION (seconds per throughput target, default 6), BENCH_WARMUP (seconds, default 1),
 * BENCH_CONNECTIONS (default 32), BENCH_VALE_REQUESTS (measured Vale requests each way, default 100),
 * BENCH_MIXED_WRITES_CONNECTIONS / BENCH_MIXED_WRITES_DURATION (default 100 / 60 s),
 * BENCH_SCALE_OUT_CONNECTIONS / BENCH_SCALE_OUT_DURATION (default 100 / 10 s per side),
 * BENCH_SECTIONS (only these sections), BENCH_ENDPOINTS (only the throughput rows whose path starts so),
 * CHROME_PATH (default /usr/bin/chromium; never downloaded), WEB_DIST_DIR (default web/dist).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureJavaScript } from './bundle-size.ts';
import { measureCsvExport } from './csv-export.ts';
import { errorMessage, installSignalHandlers, runCleanups } from './cleanup.ts';
import { measureThroughput } from './http-throughput.ts';
import { measureLiveFanout } from './live-fanout.ts';
import { measureMixedReads } from './mixed-reads.ts';
import { measureMixedWrites } from './mixed-writes.ts';
import { LIGHTHOUSE_ROUTES, runLighthouse, runLighthouseRoutes } from './lighthouse.ts';
import { formatSummary } from './report/index.ts';
import { emptyResults, writeResults } from './results.ts';
import { measureRouteChunks } from './route-chunks.ts';
import { SHARED_SERVER_SECTIONS, sectionRunner, sectionsFromEnv } from './sections.ts';
import { startProductionServer } from './server.ts';
import { benchAdmin, signIn } from './session.ts';
import { mixedReadsFromEnv, mixedWritesFromEnv, repoRoot, scaleOutFromEnv } from './settings.ts';
import { redactPassword, sharedServerEnv, startFakeUpstream } from './shared-server.ts';
import { measureRetrieval } from './retrieval.ts';
import { measureScaleOut } from './scale-out.ts';
import { measureSkills } from './skills.ts';
import { endpointsToLoad, VERIFY_PATH } from './throughput-endpoints.ts';
import { measureUploads } from './uploads.ts';
import { measureValeFirstToken } from './vale.ts';

const resultsFile = fileURLToPath(new URL('../results/latest.json', import.meta.url));

async function main(): Promise<number> {
  const wanted = sectionsFromEnv();
  const startedAt = performance.now();
  const results = emptyResults();
  const { settings } = results;
  const { attempt, fail } = sectionRunner(wanted, results.errors);
  const log = (message: string) => console.error(`> ${message}`);

  const webIndex = path.join(settings.webDistDir, 'index.html');
  const webBuilt = existsSync(webIndex);
  if (!webBuilt) {
    log(
      `WARNING: ${webIndex} is missing; Lighthouse and the JavaScript size will fail (run \`npm run build\`)`,
    );
  }

  try {
    log("starting Vale's fake OpenAI-compatible upstream (server/test/fake-openai.ts)");
    const fake = await attempt('vale', () => startFakeUpstream(settings.valeTokenDelayMs));
    const admin = benchAdmin();
    const serverEnv = sharedServerEnv(admin, fake);
    settings.serverEnv = redactPassword(serverEnv);

    log(
      "Vale's retrieval on the labelled questions, before issue 41 and now (embedded PostgreSQL of its own)",
    );
    results.retrieval = await attempt('retrieval', () => measureRetrieval());

    log('starting the production server (fresh DATA_DIR, embedded PostgreSQL)');
    const server = await attempt('server', () =>
      startProductionServer({ repoRoot, webDistDir: settings.webDistDir, env: serverEnv }),
    );
    if (!server) {
      for (const section of SHARED_SERVER_SECTIONS)
        fail(section, 'skipped: the production server did not start');
    } else {
      log(`server ready at ${server.origin} (pid ${server.pid})`);

      log('Lighthouse, mobile, on /');
      results.lighthouse = await attempt('lighthouse', () => {
        if (!webBuilt) {
          throw new Error(
            `web app not built: ${webIndex} is missing; run \`npm run build\` (or \`npm run bench\`)`,
          );
        }
        if (!existsSync(settings.chromePath)) {
          throw new Error(
            `no Chromium at ${settings.chromePath}; set CHROME_PATH (this bench never downloads one)`,
          );
        }
        return runLighthouse(`${server.origin}/`, settings.chromePath);
      });

      log(`Lighthouse, mobile, three runs on each of ${LIGHTHOUSE_ROUTES.join(', ')}`);
      results.lighthouseRoutes = await attempt('lighthouseRoutes', () =>
        runLighthouseRoutes(server.origin, settings.chromePath),
      );

      const lighthouse = results.lighthouse;
      if (!lighthouse) {
        if (wanted.has('javascript'))
          fail('javascript', 'skipped: needs the script list of the Lighthouse run');
      } else {
        log(`gzip size of the ${lighthouse.scriptUrls.length} script(s) / loads`);
        results.javascript = await attempt('javascript', () => measureJavaScript(lighthouse.scriptUrls));
      }

      if (fake) {
        log(`Vale time to first token (fake upstream at ${fake.baseURL})`);
        results.vale = await attempt('vale', () =>
          measureValeFirstToken(
            server.origin,
            fake,
            { requests: settings.valeRequests, warmupRequests: settings.valeWarmupRequests },
            log,
          ),
        );
      }

      log('skills assessment: item selection and scoring, simulation, route chunks');
      results.skills = await attempt('skills', () => measureSkills(settings.webDistDir));

      log('route chunks of the build (gzip)');
      results.routeChunks = await attempt('routeChunks', () =>
        measureRouteChunks(repoRoot, settings.webDistDir),
      );

      log(`signing in as ${admin.email} for ${VERIFY_PATH}`);
      const cookie = await attempt('session', () =>
        signIn(server.origin, admin).catch((error: unknown) => {
          throw new Error(`${errorMessage(error)}; ${VERIFY_PATH} is not measured`);
        }),
      );
      const endpoints = endpointsToLoad(cookie);
      const perTarget = settings.warmupSeconds + settings.durationSeconds;
      log(`throughput: ${endpoints.length} endpoint(s) x 2 targets x ${perTarget} s`);
      results.throughput = await attempt('throughput', () =>
        measureThroughput(server.origin, server.pid, endpoints, settings, log),
      );

      // Before the uploads: the RSS read here is the server's under read load, not what sharp's decoding
      // of 4000×3000 photos left behind (the uploads report their own peak against their own budget).
      const mixed = mixedReadsFromEnv();
      log(`mixed public reads: ${mixed.connections} connections for ${mixed.durationSeconds} s, RSS sampled`);
      results.mixedReads = await attempt('mixedReads', () =>
        measureMixedReads(server.origin, server.pid, mixed),
      );

      // After the reads alone (their RSS is not what the writers' sessions and posts left behind).
      const mixedWrites = mixedWritesFromEnv();
      log(
        `mixed reads and writes: ${mixedWrites.connections} members, one connection each, for ` +
          `${mixedWrites.durationSeconds} s, 80 % public reads, 20 % writes, RSS sampled`,
      );
      results.mixedWrites = await attempt('mixedWrites', () =>
        measureMixedWrites(server.origin, server.pid, mixedWrites, log),
      );

      log('photo uploads: 4000×3000 JPEG, timed one at a time, then 20 at once with the RSS sampled');
      results.uploads = await attempt('uploads', () => {
        if (!cookie) throw new Error('skipped: no admin session to upload with');
        return measureUploads(server.origin, server.pid, cookie);
      });

      log('live fan-out: 200 readers of /api/events, 20 posts, creation to arrival');
      results.liveFanout = await attempt('liveFanout', () => measureLiveFanout(server.origin));

      log('stopping the production server');
      await attempt('server', () => server.stop());
    }
    if (fake) await attempt('vale', () => fake.close());

    log('CSV export: 10,000 members on a second production server, rows per second and its RSS');
    results.csvExport = await attempt('csvExport', () =>
      measureCsvExport(repoRoot, settings.webDistDir, log),
    );

    const scaleOut = scaleOutFromEnv(settings.warmupSeconds);
    log('scale-out: mixed public reads on one production server, then on two sharing its database');
    results.scaleOut = await attempt('scaleOut', () =>
      measureScaleOut(repoRoot, settings.webDistDir, scaleOut, log),
    );
  } finally {
    await runCleanups();
  }

  results.wallClockSeconds = (performance.now() - startedAt) / 1000;
  await attempt('results', () => writeResults(resultsFile, results));
  console.log(formatSummary(results));
  console.log(`\nResults: ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  return results.errors.length > 0 ? 1 : 0;
}

installSignalHandlers();
try {
  process.exit(await main());
} catch (error) {
  console.error(`bench failed: ${errorMessage(error)}`);
  await runCleanups();
  process.exit(1);
}
