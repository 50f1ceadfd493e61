import { roleLabels, type AdminUser } from '@uplift/contracts';
import { Link } from 'react-router';
import { UserActions } from './UserActions.tsx';
import { formatMoment, formatRecent } from '../../../lib/format/dateTime.ts';
import type { UsersTable } from './usersTable.ts';
import { verificationOf } from './verification.ts';

const dateOf = (value: string | null) => (value ? formatMoment(value, 'date') : 'Never');
/** Today's visits by their time, older ones by their date: "Never" for a member never signed in. */
const lastSeen = (value: string | null) => (value ? formatRecent(value) : 'Never');

function cellText(user: AdminUser, columnId: string): string {
  if (columnId === 'name') return user.displayName;
  if (columnId === 'email') return user.email;
  if (columnId === 'verified') return verificationOf(user);
  if (columnId === 'role') return roleLabels[user.role];
  if (columnId === 'status') return user.status === 'active' ? 'Active' : 'Suspended';
  if (columnId === 'joined') return dateOf(user.joinedAt);
  return lastSeen(user.lastActiveAt);
}

/** The member's name, opening their whole story (/admin/users/:id). */
function StoryLink({ user }: { user: AdminUser }) {
  return (
    <Link
      to={`/admin/users/${user.id}`}
      // A block that breaks anywhere: a long unbroken name wraps inside a 320 px card instead of widening it.
      className="inline-block min-h-11 max-w-full py-2.5 font-semibold text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere]"
    >
      {user.displayName}
    </Link>
  );
}

function SelectBox({ checked, label, onChange }: { checked: boolean; label: string; onChange: () => void }) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input type="checkbox" checked={checked} onChange={onChange} className="h-5 w-5" />
      <span className="sr-only">{label}</span>
    </label>
  );
}

/**
 * The same rows twice over one table model: a real table on wide screens, cards on a phone (only one is
 * displayed, so assistive technology meets one). Sorting headers are buttons; aria-sort says the order.
 */
export function UserList({ table, onMessage }: { table: UsersTable; onMessage: (text: string) => void }) {
  const rows = table.getRowModel().rows;
  const allOnPage = table.getIsAllPageRowsSelected();
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">Members</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-300">
              <th scope="col" className="w-11">
                <SelectBox
                  checked={allOnPage}
                  label="Select every member on this page"
                  onChange={() => table.toggleAllPageRowsSelected(!allOnPage)}
                />
              </th>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className="px-2 py-1 font-semibold text-slate-900"
                  >
                    {header.column.getCanSort() ? (
                      // eslint-disable-next-line no-restricted-syntax -- a sortable column heading: the heading text itself is the control
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="min-h-11 text-left underline-offset-2 hover:underline"
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
              <th scope="col" className="px-2 font-semibold text-slate-900">
                Actions
              </th>
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200 align-middle">
              <td>
                <SelectBox
                  checked={row.getIsSelected()}
                  label={`Select ${row.original.displayName}`}
                  onChange={() => row.toggleSelected()}
                />
              </td>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-2 py-1 break-all text-slate-800">
                  {cell.column.id === 'name' ? (
                    <StoryLink user={row.original} />
                  ) : (
                    cellText(row.original, cell.column.id)
                  )}
                </td>
              ))}
              <td className="px-2 py-1">
                <UserActions user={row.original} onMessage={onMessage} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Members" className="space-y-2 md:hidden">
        {rows.map((row) => {
          const user = row.original;
          return (
            <li key={row.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
              <div className="flex items-start gap-2">
                <SelectBox
                  checked={row.getIsSelected()}
                  label={`Select ${user.displayName}`}
                  onChange={() => row.toggleSelected()}
                />
                <div className="min-w-0">
                  <h2 className="break-words text-slate-900">
                    <StoryLink user={user} />
                  </h2>
                  <p className="text-sm break-all text-slate-700">{`${user.email} · ${verificationOf(user)}`}</p>
                  <p className="text-sm text-slate-700">
                    {`${roleLabels[user.role]} · ${user.status === 'active' ? 'Active' : 'Suspended'} · joined ${dateOf(user.joinedAt)}`}
                  </p>
                  <p className="text-sm text-slate-700">
                    {user.lastActiveAt ? `Last active ${lastSeen(user.lastActiveAt)}` : 'Never active'}
                  </p>
                </div>
              </div>
              <UserActions user={user} onMessage={onMessage} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
