import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserCsvColumns } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';

/** An RFC 4180 reader, as a spreadsheet reads the file: quoted fields may hold commas, quotes, line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect(field, 'the file ends with a complete record').toBe('');
  return records;
}

describe('GET /api/users/export.csv', () => {
  let t: TestApp;
  let cookie: string;
  const awkward = [
    'Smith, Jo',
    'Jo "JJ" Smith',
    'two\nlines',
    'cr\r\nlf',
    '=HYPERLINK("http://evil.example","click")',
    '+SUM(1,2)',
    '-1+2',
    '@cmd',
    'Ünïcødé 名前',
  ];

  const verifiedAt = new Date(Date.UTC(2026, 2, 3, 9, 30));

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInAs(t.app, t.db, 'admin'));
    // 10,000 members in batches, some with names that break naive CSV writers.
    for (let start = 0; start < 10_000; start += 2_000) {
      await t.db.insert(users).values(
        Array.from({ length: 2_000 }, (_, k) => {
          const i = start + k;
          return {
            email: `export${i}@example.test`,
            displayName: i < awkward.length ? awkward[i]! : `Member ${i}`,
            role: i % 10 === 0 ? ('member-tier-2' as const) : ('member-tier-1' as const),
            passwordHash: 'not-a-hash',
            // Every fourth member has verified their address.
            emailVerifiedAt: i % 4 === 0 ? verifiedAt : null,
          };
        }),
      );
    }
  });
  afterAll(() => t.close());

  it('streams every matching member, with no row cap, quoted so a spreadsheet reads it back', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?q=export',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="uplift-members-/);
    expect(response.headers['content-length'], 'streamed, not buffered').toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');

    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...adminUserCsvColumns]);
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((row) => row[1])).size).toBe(10_000);
    expect(rows.every((row) => row.length === adminUserCsvColumns.length)).toBe(true);

    const nameOf = (email: string) => rows.find((row) => row[1] === email)?.[2];
    expect(nameOf('export0@example.test')).toBe('Smith, Jo');
    expect(nameOf('export1@example.test')).toBe('Jo "JJ" Smith');
    expect(nameOf('export2@example.test')).toBe('two\nlines');
    expect(nameOf('export3@example.test')).toBe('cr\r\nlf');
    // Formulas arrive as text: the apostrophe stops a spreadsheet from running them.
    expect(nameOf('export4@example.test')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(nameOf('export5@example.test')).toBe(`'+SUM(1,2)`);
    expect(nameOf('export6@example.test')).toBe(`'-1+2`);
    expect(nameOf('export7@example.test')).toBe(`'@cmd`);
    expect(nameOf('export8@example.test')).toBe('Ünïcødé 名前');
  });

  it('exports only what the filter matches', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?q=export&role=member-tier-2',
      headers: { cookie },
    });
    const [, ...rows] = parseCsv(response.body);
    expect(rows).toHaveLength(1_000);
    expect(rows.every((row) => row[3] === 'member-tier-2')).toBe(true);
  });

  it('exports whether each address is verified, and only the verified or unverified when filtered', async () => {
    const column = adminUserCsvColumns.indexOf('email_verified_at');
    const verified = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?q=export&verified=verified',
      headers: { cookie },
    });
    const [, ...verifiedRows] = parseCsv(verified.body);
    expect(verifiedRows).toHaveLength(2_500);
    expect(verifiedRows.every((row) => row[column] === verifiedAt.toISOString())).toBe(true);

    const unverified = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?q=export&verified=unverified',
      headers: { cookie },
    });
    const [, ...unverifiedRows] = parseCsv(unverified.body);
    expect(unverifiedRows).toHaveLength(7_500);
    expect(unverifiedRows.every((row) => row[column] === '')).toBe(true);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?verified=yes',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
