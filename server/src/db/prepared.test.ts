import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { executePrepared } from './prepared.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const preparedOnThisConnection = async (tx: Pick<TestDatabase['db'], 'execute'>) =>
  (await tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`)).rows.map(
    (row) => row.statement,
  );

describe('executePrepared', () => {
  it('prepares a statement once per connection, its values sent as parameters each time', async () => {
    await t.db.transaction(async (tx) => {
      const double = (n: number) =>
        executePrepared<{ doubled: number }>(tx, sql`select ${n}::int * 2 as doubled`);
      expect((await double(2)).rows).toEqual([{ doubled: 4 }]);
      expect((await double(21)).rows).toEqual([{ doubled: 42 }]);
      const statements = await preparedOnThisConnection(tx);
      expect(statements.filter((text) => text === 'select $1::int * 2 as doubled')).toHaveLength(1);
    });
  });

  it('gives statements of different texts names of their own', async () => {
    await t.db.transaction(async (tx) => {
      const one = await executePrepared<{ n: number }>(tx, sql`select ${1}::int as n`);
      const two = await executePrepared<{ n: number }>(tx, sql`select ${2}::int + 0 as n`);
      expect([one.rows, two.rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
      expect(await preparedOnThisConnection(tx)).toEqual(
        expect.arrayContaining(['select $1::int as n', 'select $1::int + 0 as n']),
      );
    });
  });
});
