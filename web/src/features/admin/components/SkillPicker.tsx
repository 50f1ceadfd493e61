import { skillAreas, type SkillAreaId } from '@uplift/contracts';
import { useId } from 'react';

/** The skill tags of a video or partner: one checkbox per skill area, in a labelled group. */
export function SkillPicker({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: SkillAreaId[];
  onChange: (tags: SkillAreaId[]) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
      <legend className="font-medium text-slate-900">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 min-[380px]:grid-cols-2">
        {skillAreas.map((area) => (
          <label key={area.id} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input
              type="checkbox"
              className="size-5"
              checked={value.includes(area.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, area.id] : value.filter((tag) => tag !== area.id))
              }
            />
            {area.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
