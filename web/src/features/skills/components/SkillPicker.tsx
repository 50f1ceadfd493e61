import { useState, type FormEvent } from 'react';
import { skillAreas, type SkillAreaId, type SkillResult } from '@uplift/contracts';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { Button } from '../../../ui/Button.tsx';

interface SkillPickerProps {
  latest: SkillResult[];
  onStart: (skills: SkillAreaId[]) => void;
  busy: boolean;
  error: string | null;
}

/** Choose one to eight skills; a skill in its retake cool-down shows the date it can be taken again. */
export function SkillPicker({ latest, onStart, busy, error }: SkillPickerProps) {
  const [chosen, setChosen] = useState<SkillAreaId[]>([]);
  const [now] = useState(() => Date.now());
  const coolingUntil = new Map(
    latest
      .filter((result) => new Date(result.retakeAvailableAt).getTime() > now)
      .map((result) => [result.skill, result.retakeAvailableAt]),
  );
  function toggle(skill: SkillAreaId) {
    setChosen((current) =>
      current.includes(skill) ? current.filter((s) => s !== skill) : [...current, skill],
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length > 0) onStart(skillAreas.map((a) => a.id).filter((id) => chosen.includes(id)));
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Choose the skills to assess</legend>
        {skillAreas.map((area) => {
          const until = coolingUntil.get(area.id);
          return (
            <label
              key={area.id}
              className="flex min-h-12 items-center gap-3 rounded-xl border-2 border-slate-200 bg-white px-4 py-2 text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:opacity-70"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={chosen.includes(area.id)}
                disabled={Boolean(until)}
                onChange={() => toggle(area.id)}
              />
              <span>
                {area.label}
                {until && (
                  <span className="block text-sm text-slate-700">
                    Retake from {formatMoment(until, 'longDate')}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="text-sm text-slate-700">
        About 5 to 10 questions per skill. Each question adapts to your previous answers.
      </p>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      <Button block type="submit" disabled={chosen.length === 0 || busy}>
        Start assessment
      </Button>
    </form>
  );
}
