import {
  BriefcaseBusiness,
  GraduationCap,
  HandCoins,
  Lightbulb,
  Sprout,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { CardSlider } from '../../ui/CardSlider.tsx';

interface Journey {
  id: string;
  title: string;
  summary: string;
  Icon: LucideIcon;
  tint: string;
}

const journeys: Journey[] = [
  {
    id: 'skills',
    title: 'Map your skills',
    summary: 'Eight career skills, one honest picture of where you stand.',
    Icon: Lightbulb,
    tint: 'from-brand-800 to-brand-600',
  },
  {
    id: 'learning',
    title: 'Keep learning',
    summary: 'Short courses picked for the gaps your assessment found.',
    Icon: GraduationCap,
    tint: 'from-sky-700 to-cyan-700',
  },
  {
    id: 'work',
    title: 'Find work nearby',
    summary: 'Employers in our partner network who are hiring now.',
    Icon: BriefcaseBusiness,
    tint: 'from-emerald-700 to-teal-700',
  },
  {
    id: 'funding',
    title: 'Fund your next step',
    summary: 'Grants and bursaries you may qualify for.',
    Icon: HandCoins,
    tint: 'from-amber-700 to-orange-700',
  },
  {
    id: 'grow',
    title: 'Grow together',
    summary: 'Share progress with members on the same path.',
    Icon: Sprout,
    tint: 'from-rose-700 to-pink-700',
  },
];

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Exercises the card slider Home uses: swipe, snap, keyboard and reduced motion. */
export default function SliderTestPage() {
  const { title } = usePageMeta();
  const system = useSyncExternalStore(
    typeof matchMedia === 'function' ? subscribeReducedMotion : () => () => undefined,
    systemReducedMotion,
    () => false,
  );
  const [forceReduced, setForceReduced] = useState(false);
  const [index, setIndex] = useState(0);
  const reducedId = useId();
  const reduced = forceReduced || system;

  return (
    <div className="space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">
          Swipe the cards, or focus them and use the arrow keys, Home and End. Each move snaps to a card.
        </p>
      </header>

      <CardSlider
        items={journeys}
        label="Featured journeys"
        getKey={(journey) => journey.id}
        reducedMotion={reduced}
        onIndexChange={setIndex}
        renderCard={({ title: cardTitle, summary, Icon, tint }) => (
          <article
            className={`flex h-44 flex-col justify-between rounded-3xl bg-gradient-to-br p-5 text-white shadow-md ${tint}`}
          >
            <span className="w-fit rounded-2xl bg-white/20 p-2.5">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div className="space-y-1">
              <h2 className="text-lg font-semibold">{cardTitle}</h2>
              <p className="text-sm text-white/95">{summary}</p>
            </div>
          </article>
        )}
      />

      <section
        aria-labelledby={`${reducedId}-heading`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${reducedId}-heading`} className="font-semibold text-slate-900">
          Motion
        </h2>
        <p className="text-sm text-slate-700">
          {`System setting: reduced motion ${system ? 'on' : 'off'}. Moves ${reduced ? 'jump' : 'glide'} to the next card.`}
        </p>
        <label className="flex min-h-11 items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            checked={forceReduced}
            onChange={(event) => setForceReduced(event.target.checked)}
            className="size-5 accent-brand-600"
          />
          Reduce motion on this page
        </label>
        <p className="text-sm text-slate-600">{`Last card reached: ${journeys[index]?.title ?? ''}`}</p>
      </section>
    </div>
  );
}
