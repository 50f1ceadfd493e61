import { AdminPartnerRequests } from '../partners/index.ts';

export default function AdminPartnersPage() {
  return (
    <div className="space-y-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Partners</h1>
      <AdminPartnerRequests />
    </div>
  );
}
