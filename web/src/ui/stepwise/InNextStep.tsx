import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isBuildingStepwise, stepDone, stepPutOff } from './stepwiseBuild.ts';

/**
 * While the live page is built behind the drawn one (`buildStepwise`), renders `children` in a task of
 * its own after the rest; at any other time, at once, like a fragment. Nothing is shown before its
 * children are: the whole page is swapped in only when every part is there.
 */
export function InNextStep({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !isBuildingStepwise());
  const putOff = useRef(false);

  useLayoutEffect(() => {
    if (shown) return;
    putOff.current = true;
    stepPutOff();
    const timer = setTimeout(() => setShown(true), 0);
    return () => {
      clearTimeout(timer);
    };
  }, [shown]);

  // After the children's own layout effects: any part they put off is already counted.
  useLayoutEffect(() => {
    if (!shown || !putOff.current) return;
    putOff.current = false;
    stepDone();
  }, [shown]);

  // Gone before its turn: it will never render, so it no longer holds the swap back.
  useLayoutEffect(
    () => () => {
      if (putOff.current) {
        putOff.current = false;
        stepDone();
      }
    },
    [],
  );

  return shown ? children : null;
}
