import type { IndustryImpact } from '@uplift/contracts';
import { describeSkillGain, formatCount, formatSkillGain, orWithheld } from '../format.ts';
import { Figure } from './Figure.tsx';

interface ImpactFiguresProps {
  figures: Pick<
    IndustryImpact,
    | 'members'
    | 'outcomesReported'
    | 'totalAnnualWageUplift'
    | 'trainingHours'
    | 'partnerConnections'
    | 'assessmentsCompleted'
    | 'averageSkillGain'
  >;
  size: 'large' | 'small';
  formatWageUplift: (value: number) => string;
  /**
   * Leaves out training hours, partner connections, assessments and skill gain while withheld, as the
   * headline does; otherwise they read as withheld. Members, outcomes and wage uplift always show.
   */
  omitWithheldExtras?: boolean;
}

/** The seven economic-impact figures, one list for the headline and every industry so they read alike. */
export function ImpactFigures({
  figures,
  size,
  formatWageUplift,
  omitWithheldExtras = false,
}: ImpactFiguresProps) {
  const extra = (value: number | null, format: (value: number) => string) =>
    value === null && omitWithheldExtras ? null : orWithheld(value, format);
  const trainingHours = extra(figures.trainingHours, formatCount);
  const partnerConnections = extra(figures.partnerConnections, formatCount);
  const assessmentsCompleted = extra(figures.assessmentsCompleted, formatCount);
  const gain = figures.averageSkillGain;
  const skillGain = extra(gain, formatSkillGain);

  return (
    <dl className="grid grid-cols-2 gap-2">
      <Figure size={size} label="Members" value={formatCount(figures.members)} />
      <Figure
        size={size}
        label="Outcomes reported"
        value={orWithheld(figures.outcomesReported, formatCount)}
      />
      <Figure
        size={size}
        label="Yearly wage uplift"
        value={orWithheld(figures.totalAnnualWageUplift, formatWageUplift)}
      />
      {trainingHours !== null && <Figure size={size} label="Training hours" value={trainingHours} />}
      {partnerConnections !== null && (
        <Figure size={size} label="Partner connections" value={partnerConnections} />
      )}
      {assessmentsCompleted !== null && (
        <Figure size={size} label="Assessments completed" value={assessmentsCompleted} />
      )}
      {skillGain !== null && (
        <Figure
          size={size}
          label="Average skill gain"
          value={skillGain}
          spoken={gain === null ? undefined : describeSkillGain(gain)}
        />
      )}
    </dl>
  );
}
