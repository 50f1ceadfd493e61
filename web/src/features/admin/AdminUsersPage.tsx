import { useQuery } from '@tanstack/react-query';
import {
  adminUserFilterSchema,
  adminUserPageSizes,
  adminUserSortSchema,
  type AdminUserFilter,
  type AdminUserSort,
} from '@uplift/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { downloadUsersCsv } from './api/exportUsers.ts';
import { usersQueryOptions } from './api/getUsers.ts';
import { BulkActions } from './components/BulkActions.tsx';
import { UserFilters } from './components/UserFilters.tsx';
import { UserList } from './components/UserList.tsx';
import { useUsersTable, type UsersTableState } from './components/usersTable.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';

/** The list's filter, sort and page live in the address, so a view can be shared and survives reload. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const filter = adminUserFilterSchema.safeParse(Object.fromEntries(params)).data ?? {};
  const sort: AdminUserSort = adminUserSortSchema.safeParse(params.get('sort')).data ?? 'joined';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('pageSize'));
  const pageSize = (adminUserPageSizes as readonly number[]).includes(size) ? size : 25;
  function update(next: {
    filter?: AdminUserFilter;
    sort?: string;
    dir?: string;
    page?: number;
    pageSize?: number;
  }) {
    const values = {
      ...(next.filter ?? filter),
      sort: next.sort ?? sort,
      dir: next.dir ?? dir,
      // A new filter starts again from the first page.
      page: next.filter ? 1 : (next.page ?? page),
      pageSize: next.pageSize ?? pageSize,
    };
    const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== '');
    setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace: true });
  }
  return { filter, sort, dir, page, pageSize, update } as const;
}

/** /admin/users: members sorted, filtered and paged by the server; one at a time or in bulk; CSV export. */
export default function AdminUsersPage() {
  const list = useListParams();
  const [rowSelection, setRowSelection] = useState<UsersTableState['rowSelection']>({});
  const [message, setMessage] = useState('');
  const users = useQuery(
    usersQueryOptions({
      ...list.filter,
      sort: list.sort,
      dir: list.dir,
      page: list.page,
      pageSize: list.pageSize,
    }),
  );
  const total = users.data?.total ?? 0;
  const table = useUsersTable(
    users.data?.items,
    total,
    {
      sorting: [{ id: list.sort, desc: list.dir === 'desc' }],
      pagination: { pageIndex: list.page - 1, pageSize: list.pageSize },
      rowSelection,
    },
    {
      sorting: (next) => {
        const first = next[0];
        list.update({ sort: first?.id ?? 'joined', dir: first?.desc ? 'desc' : 'asc', page: 1 });
      },
      pagination: (next) => list.update({ page: next.pageIndex + 1, pageSize: next.pageSize }),
      rowSelection: setRowSelection,
    },
  );
  const pages = Math.max(1, Math.ceil(total / list.pageSize));
  const selectedIds = Object.keys(rowSelection);

  return (
    <div className="space-y-4 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Users</h1>
      <UserFilters filter={list.filter} onChange={(filter) => list.update({ filter })} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm text-slate-700">
          <p aria-live="polite" className="empty:hidden">
            {users.data
              ? `${total} member${total === 1 ? '' : 's'} match`
              : users.isError
                ? ''
                : 'Loading members…'}
          </p>
          <LoadAlert>{users.isError && 'The members could not be loaded.'}</LoadAlert>
        </div>
        <label className="inline-flex items-center gap-2 text-sm md:hidden">
          <span>Sort by</span>
          <select
            value={`${list.sort}:${list.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split(':');
              list.update({ sort, dir, page: 1 });
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
          >
            <option value="joined:desc">Newest</option>
            <option value="joined:asc">Oldest</option>
            <option value="name:asc">Name A–Z</option>
            <option value="email:asc">Email A–Z</option>
            <option value="role:desc">Role, admins first</option>
            <option value="lastActive:desc">Recently active</option>
          </select>
        </label>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            downloadUsersCsv(list.filter).then(
              (name) => setMessage(`The CSV is saved as ${name}.`),
              () => setMessage('The CSV could not be exported. Try again.'),
            );
          }}
        >
          Export CSV
        </Button>
      </div>
      <BulkActions
        selectedIds={selectedIds}
        total={total}
        filter={list.filter}
        onDone={(text) => {
          setMessage(text);
          setRowSelection({});
        }}
      />
      <p role="status" className="min-h-6 text-sm font-medium text-slate-900">
        {message}
      </p>
      <UserList table={table} onMessage={setMessage} />
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          variant="secondary"
          size="sm"
          disabled={list.page <= 1}
          onClick={() => list.update({ page: list.page - 1 })}
        >
          Previous page
        </Button>
        <span>{`Page ${list.page} of ${pages}`}</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={list.page >= pages}
          onClick={() => list.update({ page: list.page + 1 })}
        >
          Next page
        </Button>
        <label className="inline-flex items-center gap-2">
          <span>Per page</span>
          <select
            value={list.pageSize}
            onChange={(e) => list.update({ pageSize: Number(e.target.value), page: 1 })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
          >
            {adminUserPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
