import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';
import { FeedView } from './components/FeedView.tsx';
import { MembersView } from './components/MembersView.tsx';
import { FeedSince } from './components/NewSince.tsx';
import { SavedView } from './components/SavedView.tsx';

const views = [
  { id: 'feed', label: 'Feed' },
  { id: 'members', label: 'Members' },
  { id: 'saved', label: 'Saved' },
] as const;
type View = (typeof views)[number]['id'];

/** /community: the live feed, the member directory and the member's saved posts, as views of one page. */
export default function CommunityPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const view: View = views.find((entry) => entry.id === params.get('view'))?.id ?? 'feed';

  return (
    <div className="space-y-5 py-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Community Hub</h1>
        <p className="text-slate-700">Wins, questions and what members are learning, as it happens.</p>
      </header>
      <nav aria-label="Community views">
        <ul className="flex gap-2">
          {views.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.id === 'feed' ? '/community' : `/community?view=${entry.id}`}
                aria-current={view === entry.id ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-slate-900 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'members' ? (
        <MembersView />
      ) : view === 'saved' ? (
        <SavedView userId={user?.id ?? null} />
      ) : (
        <FeedSince userId={user?.id ?? null}>
          <FeedView userId={user?.id ?? null} />
        </FeedSince>
      )}
    </div>
  );
}
