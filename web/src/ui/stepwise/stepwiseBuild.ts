/**
 * Building the live page behind a visitor's drawn page in several tasks (decision 0035). One render of a
 * whole page is one long task on a phone's main thread (200 ms at Lighthouse's 4× slowdown on `/`), and
 * a tap that lands during it waits. While the page is built behind the picture, parts marked with
 * `InNextStep` render in tasks of their own, so the browser can answer input between them; the picture is
 * swapped for the page only once every part is there, so the visitor still sees one complete change.
 */

let building = false;
let pendingSteps = 0;
let settle: (() => void) | null = null;
const waitingForTheBuild = new Set<() => void>();

/** True while the first render is being built behind the picture. */
export function isBuildingStepwise(): boolean {
  return building;
}

/**
 * Calls `callback` once the page being built behind the picture is complete (at once when no build is under
 * way): what depends on where things are on the page must not look before every part has its place.
 * Returns a function that cancels the wait.
 */
export function afterStepwiseBuild(callback: () => void): () => void {
  if (!building) {
    callback();
    return () => {};
  }
  waitingForTheBuild.add(callback);
  return () => {
    waitingForTheBuild.delete(callback);
  };
}

/** A part has been put off to a task of its own; `stepDone` must follow, once it has rendered. */
export function stepPutOff(): void {
  pendingSteps += 1;
}

/** A put-off part has rendered (or will never render: it went away first). */
export function stepDone(): void {
  pendingSteps -= 1;
  if (pendingSteps === 0 && settle) {
    const finish = settle;
    settle = null;
    finish();
  }
}

/**
 * Runs `render` (a synchronous first render) with put-off parts enabled, and resolves once every part it
 * put off, and every part those put off in turn, has rendered. Parts render in children-first order, so a
 * part's own put-off parts are counted before it counts itself done.
 */
export function buildStepwise(render: () => void): Promise<void> {
  building = true;
  render();
  return new Promise((resolve) => {
    const finish = () => {
      building = false;
      const waiting = [...waitingForTheBuild];
      waitingForTheBuild.clear();
      for (const callback of waiting) callback();
      resolve();
    };
    if (pendingSteps === 0) finish();
    else settle = finish;
  });
}
