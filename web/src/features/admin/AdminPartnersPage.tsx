import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { AdminPartner } from '@uplift/contracts';
import { AdminPartnerRequests } from '../partners/index.ts';
import { adminPartnersQueryOptions } from './api/partners.ts';
import { inputClass } from '../../ui/Field.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { PartnerForm } from './components/PartnerForm.tsx';
import { PartnerList } from './components/PartnerList.tsx';
import { Button } from '../../ui/Button.tsx';

/** /admin/partners: the directory (published or not) to add to and edit, and the connection requests. */
export default function AdminPartnersPage() {
  const partners = useQuery(adminPartnersQueryOptions());
  const [editing, setEditing] = useState<AdminPartner | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const [filter, setFilter] = useState('');
  const findId = useId();
  const wanted = useDeferredValue(filter.trim().toLowerCase());
  const shown =
    partners.data?.items.filter((partner) =>
      `${partner.name} ${partner.city}`.toLowerCase().includes(wanted),
    ) ?? [];

  return (
    <div className="space-y-6 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Partners</h1>
        <Button onClick={() => setEditing('new')}>Add a partner</Button>
      </div>
      <AdminPartnerRequests />
      <section aria-labelledby="admin-directory-heading" className="space-y-3">
        <h2 id="admin-directory-heading" className="text-xl font-bold text-slate-900">
          {partners.data ? `Directory (${partners.data.items.length})` : 'Directory'}
        </h2>
        <div className="space-y-1">
          <label htmlFor={findId} className="block font-medium text-slate-900">
            Find a partner by name or city
          </label>
          <input
            id={findId}
            type="search"
            className={inputClass}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <p role="status" className="text-slate-800">
          {message}
        </p>
        {partners.isPending && <p className="text-slate-700">Loading partners…</p>}
        <LoadAlert className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {partners.isError && `The partners could not be loaded. ${partners.error.message}`}
        </LoadAlert>
        {partners.data && <PartnerList partners={shown} onEdit={setEditing} onMessage={setMessage} />}
      </section>
      {editing !== null && (
        <PartnerForm
          partner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      )}
    </div>
  );
}
