import { partnerCategoryLabels, type AdminPartner } from '@uplift/contracts';
import { PartnerLogo } from '../../partners/index.ts';
import { useDeletePartner, useSavePartner } from '../api/partners.ts';
import { ContentActions } from './ContentActions.tsx';

function PartnerCard({
  partner,
  onEdit,
  onMessage,
  deleting,
  onDelete,
}: {
  partner: AdminPartner;
  onEdit: () => void;
  onMessage: (text: string) => void;
  deleting: boolean;
  onDelete: () => void;
}) {
  const save = useSavePartner();
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-3">
        <PartnerLogo svg={partner.logoSvg} size={40} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{partner.name}</h3>
          <p className="text-sm text-slate-700">
            {partnerCategoryLabels[partner.category]} · {partner.city}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-sm font-medium ${partner.published ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-900'}`}
        >
          {partner.published ? 'Published' : 'Not published'}
        </span>
      </div>
      <ContentActions
        name={partner.name}
        published={partner.published}
        busy={save.isPending || deleting}
        onEdit={onEdit}
        deleteWarning="Its connection requests go too."
        onPublish={(published) =>
          save.mutate(
            { id: partner.id, body: { published } },
            {
              onSuccess: () => onMessage(`${partner.name} is ${published ? 'published' : 'unpublished'}.`),
              onError: (error) => onMessage(error.message),
            },
          )
        }
        onDelete={onDelete}
      />
    </li>
  );
}

/** Partners as cards (one column on a phone, two when there is room). */
export function PartnerList({
  partners,
  onEdit,
  onMessage,
}: {
  partners: AdminPartner[];
  onEdit: (partner: AdminPartner) => void;
  onMessage: (text: string) => void;
}) {
  // Here, not in the card: the card unmounts once the list drops the deleted partner, and TanStack Query
  // does not call mutate()'s callbacks for an unmounted observer, so "… is deleted." could go missing.
  const remove = useDeletePartner();
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {partners.map((partner) => (
        <PartnerCard
          key={partner.id}
          partner={partner}
          onEdit={() => onEdit(partner)}
          onMessage={onMessage}
          deleting={remove.isPending && remove.variables === partner.id}
          onDelete={() =>
            remove.mutate(partner.id, {
              onSuccess: () => onMessage(`${partner.name} is deleted.`),
              onError: (error) => onMessage(error.message),
            })
          }
        />
      ))}
    </ul>
  );
}
