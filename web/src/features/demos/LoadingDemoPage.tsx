import { loadingIndicatorDefaults, loadingLimits } from '@uplift/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { loadingOperations } from '../../lib/loading/operationsStore.ts';
import { startProgressRun, type LoadingTheme, type ProgressRun } from '../../lib/loading/progress.ts';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { toast } from '../../lib/toasts/toastStore.ts';
import { LoadingOverlay } from '../../ui/loading/LoadingOverlay.tsx';
import { SmartLoadingIndicator } from '../../ui/loading/SmartLoadingIndicator.tsx';
import { Button } from '../../ui/Button.tsx';

const stages = [
  'Connecting...',
  'Fetching your profile...',
  'Preparing your dashboard...',
  'Almost there...',
];

function stageFor(progress: number): string {
  return (
    stages[Math.min(stages.length - 1, Math.floor((progress / 100) * stages.length))] ??
    loadingLimits.defaultStage
  );
}

const fieldClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900 focus-visible:border-brand-600';

/** SPEC §2 "Loading Demo": drives the loading overlay and the smart loading indicator. */
export default function LoadingDemoPage() {
  const { title } = usePageMeta();
  const id = useId();
  const [progress, setProgress] = useState(40);
  const [stage, setStage] = useState<string>(loadingLimits.defaultStage);
  const [theme, setTheme] = useState<LoadingTheme>(loadingIndicatorDefaults.theme);
  const [subtle, setSubtle] = useState<boolean>(loadingIndicatorDefaults.subtle);
  const [showProgress, setShowProgress] = useState<boolean>(loadingIndicatorDefaults.showProgress);
  const [overlay, setOverlay] = useState<{ progress: number; stage: string } | null>(null);
  const [overlayLoading, setOverlayLoading] = useState(false);
  const runRef = useRef<ProgressRun | null>(null);

  useEffect(() => () => runRef.current?.stop(), []);

  function runOverlay() {
    runRef.current?.stop();
    setOverlayLoading(true);
    runRef.current = startProgressRun({
      steps: 20,
      onProgress: (value) => setOverlay({ progress: value, stage: stageFor(value) }),
      onComplete: () => {
        setOverlay({ progress: 100, stage: 'Done' });
        setOverlayLoading(false);
      },
    });
  }

  function runOperation(fail: boolean) {
    const operationId = `demo-${Date.now()}`;
    loadingOperations.start(operationId, 'Running the demo operation...');
    const run = startProgressRun({
      steps: 15,
      onProgress: (value) => {
        if (fail && value >= 60) {
          run.stop();
          loadingOperations.fail(operationId, 'The demo operation failed');
          loadingOperations.remove(operationId);
          // A demonstration: nothing is saved or synced, so the message claims neither.
          toast.error(
            `The demo operation stopped at ${value} %, as this button asks it to. Nothing was changed.`,
            {
              title: 'Operation Failed',
              action: { label: 'Retry', handler: () => runOperation(false) },
            },
          );
          return;
        }
        loadingOperations.progress(operationId, value);
      },
      onComplete: () => {
        loadingOperations.complete(operationId);
        toast.success('The demo operation finished.', { title: 'Operation Complete' });
      },
    });
  }

  return (
    <div className="space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">
          Tune the smart loading indicator, then run the full-screen overlay. Loading starts at 10 % and rises
          in 100 ms steps; the overlay stays 300 ms after it ends.
        </p>
      </header>

      <section aria-labelledby={`${id}-preview`} className="space-y-3">
        <h2 id={`${id}-preview`} className="font-semibold text-slate-900">
          Preview
        </h2>
        <div
          className={`flex min-h-64 items-center justify-center rounded-3xl p-6 ${
            theme === 'dark' ? 'bg-slate-800' : 'bg-slate-200'
          }`}
        >
          <SmartLoadingIndicator
            isLoading
            progress={progress}
            stage={stage}
            theme={theme}
            subtle={subtle}
            showProgress={showProgress}
          />
        </div>
      </section>

      <section
        aria-labelledby={`${id}-options`}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-options`} className="font-semibold text-slate-900">
          Options
        </h2>
        <div className="space-y-1">
          <div className="flex justify-between text-sm font-medium text-slate-800">
            <label htmlFor={`${id}-progress`}>Progress</label>
            <output htmlFor={`${id}-progress`} className="tabular-nums">{`${progress}%`}</output>
          </div>
          <input
            id={`${id}-progress`}
            type="range"
            min={0}
            max={100}
            value={progress}
            onChange={(event) => setProgress(Number(event.target.value))}
            className="h-11 w-full accent-brand-600"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-stage`} className="text-sm font-medium text-slate-800">
            Stage text
          </label>
          <input
            id={`${id}-stage`}
            type="text"
            value={stage}
            onChange={(event) => setStage(event.target.value)}
            className={fieldClass}
          />
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">Theme</legend>
          <div className="flex gap-4">
            {(['dark', 'light'] as const).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-2 text-slate-800 capitalize">
                <input
                  type="radio"
                  name={`${id}-theme`}
                  value={option}
                  checked={theme === option}
                  onChange={() => setTheme(option)}
                  className="size-5 accent-brand-600"
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              checked={subtle}
              onChange={(event) => setSubtle(event.target.checked)}
              className="size-5 accent-brand-600"
            />
            Subtle
          </label>
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              checked={showProgress}
              onChange={(event) => setShowProgress(event.target.checked)}
              className="size-5 accent-brand-600"
            />
            Show progress
          </label>
        </div>
      </section>

      <section aria-labelledby={`${id}-run`} className="space-y-3">
        <h2 id={`${id}-run`} className="font-semibold text-slate-900">
          Run it
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <Button onClick={runOverlay}>Show loading overlay</Button>
          <Button variant="secondary" onClick={() => runOperation(false)}>
            Run a tracked operation
          </Button>
          <Button variant="secondary" onClick={() => runOperation(true)}>
            Run a failing operation
          </Button>
        </div>
      </section>

      <LoadingOverlay
        isLoading={overlayLoading}
        progress={overlay?.progress ?? 0}
        stage={overlay?.stage}
        theme={theme}
        subtle={subtle}
        showProgress={showProgress}
      />
    </div>
  );
}
