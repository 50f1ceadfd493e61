import { skillAreaLabel, type SkillProgress } from '@uplift/contracts';

/** Progress per skill: answered of at most so many questions (fewer when the estimate is precise early). */
export function SkillProgressList({ skills }: { skills: SkillProgress[] }) {
  return (
    <ul aria-label="Progress per skill" className="grid gap-2 sm:grid-cols-2">
      {skills.map((skill) => (
        <li key={skill.skill} className="space-y-1 text-sm text-slate-700">
          <span className="flex justify-between gap-2">
            <span>{skillAreaLabel(skill.skill)}</span>
            <span>{skill.done ? 'Done' : `${skill.answered} of up to ${skill.maxItems}`}</span>
          </span>
          <progress
            className="h-2 w-full accent-brand-600"
            max={skill.maxItems}
            value={skill.done ? skill.maxItems : skill.answered}
            aria-label={`${skillAreaLabel(skill.skill)} progress`}
          />
        </li>
      ))}
    </ul>
  );
}
