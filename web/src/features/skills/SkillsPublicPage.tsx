import { useState } from 'react';
import { Link } from 'react-router';
import { skillAreas } from '@uplift/contracts';
import { loginPath, useCurrentUser } from '../auth/index.ts';
import { sampleQuestions } from './samples.ts';
import { Button } from '../../ui/Button.tsx';

type Sample = (typeof sampleQuestions)[number];

/** One sample question answered in the browser: nothing is sent or stored. */
function SampleQuestion({ sample, number }: { sample: Sample; number: number }) {
  const [choice, setChoice] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  return (
    <li className="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
      <fieldset className="space-y-2">
        <legend className="mb-2 space-y-1">
          <span className="block text-sm font-medium text-brand-700">
            Sample {number} · {sample.skill}
          </span>
          <span className="block font-semibold text-slate-900">{sample.stem}</span>
        </legend>
        {sample.options.map((option, index) => (
          <label
            key={index}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 px-3 py-2 text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name={sample.id}
              className="size-5 shrink-0 accent-brand-600"
              checked={choice === index}
              onChange={() => {
                setChoice(index);
                setChecked(false);
              }}
            />
            {option}
          </label>
        ))}
      </fieldset>
      <Button disabled={choice === null} onClick={() => setChecked(true)}>
        Check answer {number}
      </Button>
      <div aria-live="polite">
        {checked && choice !== null && (
          <p className="text-slate-800">
            <strong>
              {choice === sample.answer
                ? 'Right.'
                : `Not quite: the answer is "${sample.options[sample.answer]}".`}
            </strong>{' '}
            {sample.explanation}
          </p>
        )}
      </div>
    </li>
  );
}

/** /skills-public: what the assessment measures and how precisely, three samples, sign in / join. */
export default function SkillsPublicPage() {
  const signedIn = useCurrentUser() !== null;
  return (
    <div className="space-y-6 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Discover Your Skills</h1>
      <section className="space-y-2 text-slate-800">
        <p>
          Measure {skillAreas.length} workplace skills in one sitting:{' '}
          {skillAreas.map((area) => area.label.toLowerCase()).join(', ')}.
        </p>
        <p>
          Each question adapts to your answers, so 5 to 10 questions per skill give a score from 0 to 300 with
          an honest range (typically about ±25 points). You see every answer explained, and for your weakest
          skills, videos, reading and partners who can help.
        </p>
      </section>
      <section aria-labelledby="samples-title" className="space-y-3">
        <h2 id="samples-title" className="text-xl font-semibold text-slate-900">
          Try three sample questions
        </h2>
        <p className="text-sm text-slate-700">
          No account needed; nothing you choose here is sent or stored.
        </p>
        <ol className="space-y-4">
          {sampleQuestions.map((sample, index) => (
            <SampleQuestion key={sample.id} sample={sample} number={index + 1} />
          ))}
        </ol>
      </section>
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <Link
            to="/skills"
            className="inline-flex min-h-12 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white"
          >
            Take the assessment
          </Link>
        ) : (
          <>
            <Link
              to={loginPath({ redirectTo: '/skills' })}
              className="inline-flex min-h-12 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white"
            >
              Sign in to take the assessment
            </Link>
            <Link
              to={loginPath({ redirectTo: '/skills', mode: 'register' })}
              className="inline-flex min-h-12 items-center rounded-xl border-2 border-brand-600 px-5 font-semibold text-brand-700"
            >
              Join Uplift
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
