import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * A client generator takes the document: openapi-typescript writes its types, and calls written against
 * them type-check, while a wrong one is refused. What a generated client would meet, nullable fields
 * included, is held here rather than found by its users.
 */

/** Calls a client would write: each must compile. */
const goodCalls = `
import type { components, operations, paths } from './schema';

type PartnerSearch = NonNullable<paths['/api/partners']['get']['parameters']['query']>;
type PartnerList = paths['/api/partners']['get']['responses'][200]['content']['application/json'];
type Profile = components['schemas']['Profile'];
type LoginBody = paths['/api/auth/login']['post']['requestBody']['content']['application/json'];
type Refused = operations['getUsers']['responses'][401]['content']['application/json'];
type AnswerStream = operations['postChatPublic']['responses'][200]['content']['text/event-stream'];

// A query: every filter optional, the enums as their values.
export const search: PartnerSearch = { q: 'coding', category: 'employer', page: 2 };
// A response read.
export const names = (list: PartnerList): string[] => list.items.map((partner) => partner.name);
// A path parameter, found by operationId.
export const partnerUrl = (id: operations['getPartnersById']['parameters']['path']['id']) =>
  '/api/partners/' + encodeURIComponent(id);
// A body.
export const login: LoginBody = { email: 'member@example.test', password: 'correct horse' };
// A nullable field takes null: a member without a photo.
export const withoutPhoto = (profile: Profile): Profile => ({ ...profile, photo: null });
export const photoUrl = (profile: Profile): string | undefined => profile.photo?.avatar;
// The error shape, on an answer the access rules give.
export const errorCode = (refused: Refused): string => refused.error.code;
// Server-sent events, as text.
export const firstEvent: AnswerStream = 'event: meta\\ndata: {}\\n\\n';
`;

/** Calls the types must refuse, one per line marked \`// refused\`. */
const wrongCalls = `
import type { components, paths } from './schema';

type PartnerSearch = NonNullable<paths['/api/partners']['get']['parameters']['query']>;

export const bakery: PartnerSearch = { category: 'bakery' }; // refused
export const photo: components['schemas']['Profile']['photo'] = 'me.jpg'; // refused
`;

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'uplift-openapi-client-'));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

/** The diagnostics of the files (one program), each as `file:line message`. */
function typeCheck(files: string[]): string[] {
  const program = ts.createProgram(files, {
    // No DOM: the calls need none, and it is most of what the compiler would read.
    lib: ['lib.es2022.d.ts'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}`
        : '(program)';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

// The compiler reads the generated types and the standard library: seconds, more on a loaded machine.
it(
  'generates a typed client that well-formed calls compile against, and wrong ones do not',
  { timeout: 90_000 },
  async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPI3>();
    const schema = astToString(await openapiTS(document, { silent: true }));
    await writeFile(path.join(folder, 'schema.d.ts'), schema);
    await writeFile(path.join(folder, 'good.ts'), goodCalls);
    await writeFile(path.join(folder, 'wrong.ts'), wrongCalls);

    const refusedLines = wrongCalls
      .split('\n')
      .flatMap((line, index) => (line.endsWith('// refused') ? [`wrong.ts:${index + 1}`] : []));
    expect(refusedLines).toHaveLength(2);
    const diagnostics = typeCheck([path.join(folder, 'good.ts'), path.join(folder, 'wrong.ts')]);
    // Nothing in the good calls; in the wrong ones, each refused line and nothing else.
    expect(diagnostics.filter((diagnostic) => !diagnostic.startsWith('wrong.ts:'))).toEqual([]);
    expect(new Set(diagnostics.map((diagnostic) => diagnostic.split(' ')[0]))).toEqual(new Set(refusedLines));
  },
);
