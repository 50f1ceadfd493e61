import { GlobalLoadingOverlay } from './loading/GlobalLoadingOverlay.tsx';
import { ToastViewport } from './toasts/ToastViewport.tsx';

/** What floats over every screen, mounted once beside the router: toasts and the loading overlay. */
export function ShellOverlays() {
  return (
    <>
      <ToastViewport />
      <GlobalLoadingOverlay />
    </>
  );
}
