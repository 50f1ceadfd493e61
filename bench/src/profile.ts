/**
 * `npm run profile` (from the repo root): where the production server spends its CPU while one path is
 * loaded. Starts the server as `npm start` runs it plus `--cpu-prof`, loads each path given (default
 * `/api/status`) with autocannon, stops the server so Node writes the profile, and prints the functions and
 * the packages with the most self time during the load. The `.cpuprofile` files stay in bench/results/profiles/ (open them in
 * Chrome DevTools › Performance for the call tree).
 *
 *   npm run profile -- /api/partners /api/videos/featured
 *   PROFILE_SECONDS=20 PROFILE_CONNECTIONS=100 npm run profile
 *   PROFILE_AS=admin npm run profile -- /api/users   (signed in as the admin the server creates)
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { installSignalHandlers, runCleanups } from './cleanup.ts';
import { startProductionServer } from './server.ts';
import { benchAdmin, signIn } from './session.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The part of the profile to count, in ms before the profile's end (it ends when the server exits). */
interface Window {
  fromEndMs: number;
  toEndMs: number;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const profilesDir = path.join(repoRoot, 'bench', 'results', 'profiles');

/** A package name, `node:` for Node's own code, `(gc)`-style entries as they are, or the repo's file. */
export function ownerOf(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node (internals)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first = '', second = ''] = url.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const repo = url.indexOf('/server/src/');
  return repo >= 0 ? url.slice(repo + 1) : url;
}

/**
 * Self time (ms) per function and per owner, from the samples inside `window` (each sample's delta is its
 * cost): the load, without the start-up and the shutdown around it.
 */
export function selfTimes(profile: CpuProfile, window: Window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  const from = profile.endTime - window.fromEndMs * 1000;
  const to = profile.endTime - window.toEndMs * 1000;
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    const ms = delta / 1000;
    const frame = byId.get(id);
    if (!frame) return;
    total += ms;
    const name = `${frame.functionName || '(anonymous)'} ${ownerOf(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const owner = frame.url === '' ? frame.functionName || '(native)' : ownerOf(frame.url);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { totalMs: total, functions: top(functions, 25), owners: top(owners, 15) };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
  const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
  const webDistDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'web', 'dist');
  const asAdmin = process.env.PROFILE_AS === 'admin';
  if (process.env.PROFILE_AS !== undefined && !asAdmin) throw new Error('PROFILE_AS: only "admin" is known');
  await mkdir(profilesDir, { recursive: true });
  try {
    for (const target of paths.length > 0 ? paths : ['/api/status']) {
      const dir = path.join(profilesDir, target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, ''));
      await rm(dir, { recursive: true, force: true });
      const admin = benchAdmin();
      const server = await startProductionServer({
        repoRoot,
        webDistDir,
        nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
        env: asAdmin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {},
      });
      const headers = asAdmin ? { cookie: await signIn(server.origin, admin) } : {};
      const result = await autocannon({
        url: `${server.origin}${target}`,
        headers,
        connections,
        duration: seconds,
      });
      const stopping = performance.now();
      await server.stop();
      const stopMs = performance.now() - stopping;
      const [file] = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile was written to ${dir}`);
      const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
      const times = selfTimes(profile, { fromEndMs: stopMs + seconds * 1000, toEndMs: stopMs });
      const share = (ms: number) => `${((100 * ms) / times.totalMs).toFixed(1).padStart(5)} %`;
      const as = asAdmin ? ', as the admin' : '';
      console.log(
        `\n${target}: ${Math.round(result.requests.average)} req/s, ${connections} connections${as}`,
      );
      console.log(`  profile: ${path.relative(repoRoot, path.join(dir, file))}; counted: the load only`);
      console.log('  self time by package or file:');
      for (const [owner, ms] of times.owners) console.log(`    ${share(ms)}  ${owner}`);
      console.log('  self time by function:');
      for (const [name, ms] of times.functions) console.log(`    ${share(ms)}  ${name}`);
    }
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    await runCleanups();
  }
}

process.exitCode = await main();
