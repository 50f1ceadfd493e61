import { loadingIndicatorDefaults, loadingLimits } from '@uplift/contracts';
import {
  clampProgress,
  litDots,
  loadingColours,
  logoOpacity,
  type LoadingTheme,
} from '../../lib/loading/progress.ts';
import { UpliftMark } from './UpliftMark.tsx';

/** SPEC §3 loading indicator options. */
export interface LoadingIndicatorOptions {
  isLoading: boolean;
  /** 0-100; clamped. */
  progress?: number;
  /** Default "Loading...". */
  stage?: string;
  subtle?: boolean;
  showProgress?: boolean;
  theme?: LoadingTheme;
}

const themeClasses: Record<
  LoadingTheme,
  { card: string; text: string; muted: string; track: string; dotOff: string }
> = {
  dark: {
    card: 'bg-slate-950 ring-white/10',
    text: 'text-white',
    muted: 'text-slate-300',
    track: 'bg-white/15',
    dotOff: 'bg-white/20',
  },
  light: {
    card: 'bg-white ring-slate-900/10',
    text: 'text-slate-900',
    muted: 'text-slate-600',
    track: 'bg-slate-200',
    dotOff: 'bg-slate-300',
  },
};

/**
 * SPEC §2 smart loading indicator: the Uplift mark fading in with progress, a two-colour bar (SPEC §5
 * colours per theme), three dots lit above 25, 50 and 75 %, and the stage text. Subtle is a slim inline bar.
 */
export function SmartLoadingIndicator({
  isLoading,
  progress = 0,
  stage = loadingLimits.defaultStage,
  subtle = loadingIndicatorDefaults.subtle,
  showProgress = loadingIndicatorDefaults.showProgress,
  theme = loadingIndicatorDefaults.theme,
}: LoadingIndicatorOptions) {
  if (!isLoading) return null;
  const value = clampProgress(progress);
  const rounded = Math.round(value);
  const colours = loadingColours(theme);
  const look = themeClasses[theme];
  const gradient = `linear-gradient(90deg, ${colours[0]}, ${colours[1]})`;
  const a11y = showProgress
    ? ({
        role: 'progressbar',
        'aria-valuemin': 0,
        'aria-valuemax': 100,
        'aria-valuenow': rounded,
        'aria-valuetext': `${stage} ${rounded}%`,
        'aria-label': stage,
      } as const)
    : ({ role: 'status', 'aria-label': stage } as const);

  const bar = (
    <div className={`relative h-1.5 w-full overflow-hidden rounded-full ${look.track}`}>
      {showProgress ? (
        <div
          className="h-full rounded-full transition-[width] duration-100 ease-linear"
          style={{ width: `${value}%`, backgroundImage: gradient }}
        />
      ) : (
        <div
          className="h-full w-2/5 rounded-full motion-safe:animate-loading-sweep"
          style={{ backgroundImage: gradient }}
        />
      )}
    </div>
  );

  if (subtle) {
    return (
      <div
        {...a11y}
        data-theme={theme}
        className={`flex w-full max-w-sm items-center gap-3 rounded-full px-4 py-2.5 shadow-lg ring-1 ${look.card}`}
      >
        <UpliftMark colours={colours} className="size-6 shrink-0" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className={`flex justify-between gap-2 text-xs font-medium ${look.text}`}>
            <span className="truncate">{stage}</span>
            {showProgress && <span className="tabular-nums">{rounded}%</span>}
          </div>
          {bar}
        </div>
      </div>
    );
  }

  const dots = litDots(value);
  return (
    <div
      {...a11y}
      data-theme={theme}
      className={`flex w-full max-w-xs flex-col items-center gap-4 rounded-3xl px-6 py-7 shadow-2xl ring-1 ${look.card}`}
    >
      <UpliftMark
        colours={colours}
        className="size-16 transition-opacity duration-100"
        // SPEC §5: the logo's opacity ramps with progress.
        style={{ opacity: showProgress ? logoOpacity(value) : 1 }}
      />
      <p className={`text-center text-base font-semibold ${look.text}`}>{stage}</p>
      {bar}
      <div className="flex w-full items-center justify-between">
        <div className="flex gap-1.5" aria-hidden="true">
          {loadingLimits.dotThresholds.map((threshold, index) => (
            <span
              key={threshold}
              data-lit={index < dots}
              className={`size-2 rounded-full transition-colors ${index < dots ? '' : look.dotOff}`}
              style={index < dots ? { backgroundColor: colours[index % 2] } : undefined}
            />
          ))}
        </div>
        {showProgress && <span className={`text-sm font-medium tabular-nums ${look.muted}`}>{rounded}%</span>}
      </div>
    </div>
  );
}
