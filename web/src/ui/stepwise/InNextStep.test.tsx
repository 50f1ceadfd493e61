import { act } from '@testing-library/preact';
import { render } from 'preact';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InNextStep } from './InNextStep.tsx';
import { buildStepwise } from './stepwiseBuild.ts';

let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  render(null, container);
  container.remove();
  vi.useRealTimers();
});

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
      container,
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
        container,
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
      container,
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
    const { built, settled } = startBuild(() => render(<Page />, container));
    await act(() => hide());
    await built;
    expect(settled()).toBe(true);
    expect(text()).toBe('Shell');
  });
});
