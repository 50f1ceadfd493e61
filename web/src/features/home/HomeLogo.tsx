import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadingColours } from '../../lib/loading/progress.ts';
import { haptics } from '../../lib/native/haptics.ts';
import { UpliftMark } from '../../ui/loading/UpliftMark.tsx';
import { prefersReducedMotion } from '../../ui/navigation/useShellLayout.ts';

/**
 * The Uplift mark at the top of Home. Pressing it does what a news or social app's logo does: back to the
 * top, and everything on the page fetched again. It is the "logo" that SPEC §3's Logo haptic setting names
 * (off by default), so the press is felt only by members who turned that on (decision 0118).
 */
export function HomeLogo() {
  const queryClient = useQueryClient();
  const [pressed, setPressed] = useState(false);
  // Busy only for a refresh the member asked for: the page's own first reads are not this button's doing.
  const refreshing = useIsFetching() > 0 && pressed;
  return (
    // eslint-disable-next-line no-restricted-syntax -- the logo itself refreshes Home: an image with a focus ring, no button look
    <button
      type="button"
      aria-label="Refresh Home"
      aria-busy={refreshing}
      className="shrink-0 rounded-2xl p-0.5 transition-transform focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:scale-95"
      onClick={() => {
        haptics.impact('light', 'logo');
        setPressed(true);
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        void queryClient.refetchQueries({ type: 'active' });
      }}
    >
      <UpliftMark colours={loadingColours('light')} className="size-11" />
    </button>
  );
}
