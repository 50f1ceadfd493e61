import { toast } from '../toasts/toastStore.ts';
import { toAppError, appErrorToast } from './toAppError.ts';

/** Shows any failure as its SPEC §8 catalogue toast; returns the toast id. */
export function showErrorToast(error: unknown, options: { offline?: boolean } = {}): string {
  return toast.show(appErrorToast(toAppError(error, options)));
}
