import {
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import type { AdminUser } from '@uplift/contracts';

/** Sorting, pagination and selection as table state; the server does the sorting and paging (manual). */
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, AdminUser>();

/** Column ids are the API's sort keys, so the table's sorting state is the request's sort. */
export const userColumns = helper.columns([
  helper.accessor('displayName', { id: 'name', header: 'Name' }),
  helper.accessor('email', { id: 'email', header: 'Email' }),
  helper.accessor('emailVerifiedAt', { id: 'verified', header: 'Verified', enableSorting: false }),
  helper.accessor('role', { id: 'role', header: 'Role' }),
  helper.accessor('status', { id: 'status', header: 'Status', enableSorting: false }),
  helper.accessor('joinedAt', { id: 'joined', header: 'Joined' }),
  helper.accessor('lastActiveAt', { id: 'lastActive', header: 'Last active' }),
]);

const noRows: AdminUser[] = [];

export interface UsersTableState {
  sorting: SortingState;
  pagination: PaginationState;
  rowSelection: RowSelectionState;
}

export function useUsersTable(
  rows: AdminUser[] | undefined,
  total: number,
  state: UsersTableState,
  on: {
    sorting: (next: SortingState) => void;
    pagination: (next: PaginationState) => void;
    rowSelection: (next: RowSelectionState) => void;
  },
) {
  return useTable({
    features,
    columns: userColumns,
    data: rows ?? noRows,
    rowCount: total,
    getRowId: (row) => row.id,
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: true,
    enableMultiSort: false,
    sortDescFirst: false,
    state,
    onSortingChange: (updater) =>
      on.sorting(typeof updater === 'function' ? updater(state.sorting) : updater),
    onPaginationChange: (updater) =>
      on.pagination(typeof updater === 'function' ? updater(state.pagination) : updater),
    onRowSelectionChange: (updater) =>
      on.rowSelection(typeof updater === 'function' ? updater(state.rowSelection) : updater),
  });
}

export type UsersTable = ReturnType<typeof useUsersTable>;
