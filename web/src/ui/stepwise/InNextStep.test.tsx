import { act } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InNextStep } from './InNextStep.tsx';
import { buildStepwise } from './stepwiseBuild.ts';

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

/** A synchronous render, as main.tsx's (flushSync) is: committed, layout effects run, when it returns. */
function render(node: ReactNode) {
  act(() => root.render(node));
}

/** Runs the timers due next (fake timers run all those due at one time) and the renders they scheduled. */
async function nextTask() {
  await act(async () => {
    await vi.advanceTimersToNextTimerAsync();
  });
}

function text() {
  return container.textContent;
}

/** Starts a stepwise build of `render`; `settled()` says whether it has resolved yet. */
function startBuild(render: () => void) {
  let settled = false;
  const built = buildStepwise(render).then(() => {
    settled = true;
  });
  return { built, settled: () => settled };
}

describe('InNextStep', () => {
  it('renders its children at once outside a stepwise build', () => {
    render(
      <p>
        Page <InNextStep>videos</InNextStep>
      </p>,
    );
    expect(text()).toBe('Page videos');
  });

  it('during a stepwise build, renders each part in a task of its own and settles once all are there', async () => {
    const { built, settled } = startBuild(() =>
      render(
        <main>
          Shell
          <InNextStep>
            {' page'}
            <InNextStep> videos</InNextStep>
          </InNextStep>
          <InNextStep> shorts</InNextStep>
        </main>,
      ),
    );
    expect(text()).toBe('Shell');
    // One task for each part.
    expect(vi.getTimerCount()).toBe(2);

    await nextTask();
    expect(text()).toBe('Shell page shorts');
    expect(vi.getTimerCount()).toBe(1);
    expect(settled()).toBe(false);

    // The page's own part was put off in turn: the build waits for it too.
    await nextTask();
    await built;
    expect(text()).toBe('Shell page videos shorts');
    expect(settled()).toBe(true);

    // Once built, a part that appears later renders at once.
    render(
      <main>
        Shell<InNextStep> later</InNextStep>
      </main>,
    );
    expect(text()).toBe('Shell later');
  });

  it('settles when a part goes away before its turn', async () => {
    let hide: () => void = () => undefined;
    function Page() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return <main>Shell{shown && <InNextStep> videos</InNextStep>}</main>;
    }
    const { built, settled } = startBuild(() => render(<Page />));
    await act(() => hide());
    await built;
    expect(settled()).toBe(true);
    expect(text()).toBe('Shell');
  });
});
