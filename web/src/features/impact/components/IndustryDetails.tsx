import { outcomeTypeLabel, type IndustryImpact } from '@uplift/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { formatCount, formatMoney, orWithheld } from '../format.ts';
import { Figure } from './Figure.tsx';
import { ImpactFigures } from './ImpactFigures.tsx';

interface IndustryDetailsProps {
  industry: IndustryImpact;
  /** The level of the industry's own heading; its "Outcomes by type" is one below. */
  headingLevel: 4 | 5;
}

/**
 * One industry of the breakdown as a disclosure: a heading whose button names the industry and its members
 * and opens every figure the breakdown gives for it in the headline figures' two columns. That fits a
 * 320 px screen, where a table of every figure (thirteen columns) would need scrolling sideways to read a row.
 * Withheld figures (null, decision 0018) read as withheld, as they do everywhere in the panel.
 */
export function IndustryDetails({ industry, headingLevel }: IndustryDetailsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h5';
  const TypesHeading = headingLevel === 4 ? 'h5' : 'h6';

  return (
    <>
      <Heading>
        {/* eslint-disable-next-line no-restricted-syntax -- the industry's heading opens its figures: a full-width disclosure row */}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 py-2 text-left hover:bg-slate-50"
        >
          <span className="min-w-0 flex-1">
            <span className="block font-semibold break-words text-slate-900">{industry.label}</span>{' '}
            <span className="block text-sm text-slate-700">{formatCount(industry.members)} members</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            focusable="false"
            className={`size-5 shrink-0 text-slate-600 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="space-y-2 px-3 pb-3">
        <ImpactFigures figures={industry} size="small" formatWageUplift={formatMoney} />
        <TypesHeading className="pt-1 text-sm font-semibold text-slate-900">Outcomes by type</TypesHeading>
        <dl className="grid grid-cols-2 gap-2">
          {industry.outcomesByType.map((row) => (
            <Figure
              key={row.type}
              size="small"
              label={outcomeTypeLabel(row.type)}
              value={orWithheld(row.count, formatCount)}
            />
          ))}
        </dl>
      </div>
    </>
  );
}
