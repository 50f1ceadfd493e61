import { loadingLimits } from '@uplift/contracts';

export interface OverlayVisibility {
  setLoading(loading: boolean): void;
  isVisible(): boolean;
  dispose(): void;
}

/**
 * SPEC §2 and §9: the overlay shows at once when loading starts and lingers 300 ms after it ends, so a
 * finished bar is seen at 100 % and quick reloads do not flicker. Loading again within the linger keeps it.
 */
export function createOverlayVisibility(onChange: (visible: boolean) => void): OverlayVisibility {
  let visible = false;
  let loading = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function set(next: boolean): void {
    if (next === visible) return;
    visible = next;
    onChange(next);
  }

  return {
    setLoading(next) {
      if (next === loading) return;
      loading = next;
      clearTimeout(timer);
      timer = undefined;
      if (next) {
        set(true);
      } else if (visible) {
        timer = setTimeout(() => set(false), loadingLimits.overlayLingerMs);
      }
    },
    isVisible: () => visible,
    dispose() {
      clearTimeout(timer);
    },
  };
}
