import { usePageMeta } from '../../lib/pageMeta.ts';
import { HomeLink } from '../../ui/HomeLink.tsx';
import { AccountSection } from './AccountSection.tsx';

/** Stands in for the profile screens (a later issue builds them) and already shows the account. */
export function SignedInProfilePlaceholder() {
  const { title } = usePageMeta();
  return (
    <div className="space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">Editing your profile, photo and skills panel is coming soon.</p>
      </header>
      <AccountSection />
      <HomeLink />
    </div>
  );
}
