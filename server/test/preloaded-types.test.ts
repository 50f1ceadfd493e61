import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const scripts = path.resolve(import.meta.dirname, '../scripts');

/**
 * `npm run build` strips the server's types into copies and `npm start` loads those (server/scripts).
 * Each test builds a small server of its own in a temporary folder laid out like the repository, so the
 * real build is never touched (the suite also runs twice at once, once per database).
 */
describe('the production start loads the build’s stripped copies', () => {
  let root: string;
  const main = () => path.join(root, 'server/src/main.ts');
  const copyOf = (source: string) => path.join(root, 'server/dist/stripped/server/src', `${source}.js`);

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'uplift-stripped-'));
    await cp(scripts, path.join(root, 'server/scripts'), { recursive: true });
    await mkdir(path.join(root, 'server/src/lib'), { recursive: true });
    await mkdir(path.join(root, 'contracts/src'), { recursive: true });
    await writeFile(
      path.join(root, 'contracts/src/index.ts'),
      'export interface Greeting { text: string }\nexport const hello: string = "hello";\n',
    );
    await writeFile(
      path.join(root, 'server/src/lib/shout.ts'),
      'export function shout(text: string): string {\n  return text.toUpperCase();\n}\n',
    );
    // The error's line and column show a stack trace still points into the source.
    await writeFile(
      main(),
      [
        "import { hello } from '../../contracts/src/index.ts';",
        "import { shout } from './lib/shout.ts';",
        'const where: string = new Error().stack?.split("\\n")[1] ?? "";',
        'const typeStripperLoaded: boolean = process.moduleLoadList.some((name) => name.includes("amaro"));',
        'console.log(JSON.stringify({ text: shout(hello), where, typeStripperLoaded }));',
        '',
      ].join('\n'),
    );
    await run(process.execPath, [path.join(root, 'server/scripts/strip-types.mjs')]);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function start(
    options: string[] = ['--import', path.join(root, 'server/scripts/preloaded-types.mjs')],
  ) {
    const { stdout } = await run(process.execPath, [...options, main()]);
    return JSON.parse(stdout) as { text: string; where: string; typeStripperLoaded: boolean };
  }

  it('runs the server without loading Node’s type stripper, with the source’s lines and columns', async () => {
    const started = await start();
    expect(started.text).toBe('HELLO');
    expect(started.typeStripperLoaded).toBe(false);
    expect(started.where).toContain(`${main()}:3:23`);

    // Without the preload, Node strips the same files itself and keeps its stripper loaded.
    expect((await start([])).typeStripperLoaded).toBe(true);
  });

  it('loads a source edited after the build, never its older copy', async () => {
    await writeFile(copyOf('lib/shout.ts'), 'export function shout() {\n  return "from the copy";\n}\n');
    expect((await start()).text).toBe('from the copy');

    const older = new Date(Date.now() - 60_000);
    await utimes(copyOf('lib/shout.ts'), older, older);
    expect((await start()).text).toBe('HELLO');
  });

  it('loads a source that has no copy', async () => {
    await rm(copyOf('lib/shout.ts'));
    expect((await start()).text).toBe('HELLO');
  });
});
