import { toastLimits, type Severity } from '@uplift/contracts';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  handler: () => void;
  /** SPEC §3: defaults to true. */
  dismissOnAction?: boolean;
}

/** SPEC §3 toast. `duration` null means it stays until dismissed. */
export interface Toast {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
  duration: number | null;
  dismissible: boolean;
  action?: ToastAction;
  createdAt: number;
  severity?: Severity;
}

export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
  /** Milliseconds; null keeps it until dismissed. Omitted: the SPEC §9 default for its type. */
  duration?: number | null;
  dismissible?: boolean;
  action?: ToastAction;
  /** SPEC §8: a critical error never auto-dismisses, whatever its duration says. */
  severity?: Severity;
  /** Reuse an id to replace that toast (e.g. one connection notice at a time). */
  id?: string;
}

/** SPEC §8: severity to toast type. */
export function toastTypeForSeverity(severity: Severity): ToastType {
  switch (severity) {
    case 'low':
      return 'info';
    case 'medium':
      return 'warning';
    case 'high':
    case 'critical':
      return 'error';
  }
}

/** SPEC §9: default 5 s, warning 7 s, error persistent. */
export function defaultToastDuration(type: ToastType): number | null {
  if (type === 'error') return toastLimits.errorDurationMs;
  if (type === 'warning') return toastLimits.warningDurationMs;
  return toastLimits.defaultDurationMs;
}

export function resolveToastDuration(
  input: Pick<ToastInput, 'type' | 'duration' | 'severity'>,
): number | null {
  if (input.severity === 'critical') return null;
  const type = input.type ?? (input.severity ? toastTypeForSeverity(input.severity) : 'info');
  return input.duration === undefined ? defaultToastDuration(type) : input.duration;
}

export interface ToastStore {
  show(input: ToastInput): string;
  dismiss(id: string): void;
  dismissAll(): void;
  /** SPEC §4: a click on the toast dismisses it when it is dismissible. */
  click(id: string): void;
  /** SPEC §4: runs the action, then dismisses unless its dismissOnAction is false. */
  runAction(id: string): void;
  /** The toasts on screen, oldest first, never more than SPEC §9's 5. */
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore(options: { createId?: () => string } = {}): ToastStore {
  let counter = 0;
  const createId = options.createId ?? (() => `toast-${++counter}`);
  let toasts: readonly Toast[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function publish(next: readonly Toast[]): void {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function clearTimer(id: string): void {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }

  function dismiss(id: string): void {
    clearTimer(id);
    if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
  }

  /** Over the limit, the oldest toast that is not critical makes room (the oldest of all if none is). */
  function withinLimit(list: readonly Toast[]): readonly Toast[] {
    let next = list;
    while (next.length > toastLimits.maxVisible) {
      const victim = next.find((toast) => toast.severity !== 'critical') ?? next[0];
      if (!victim) break;
      clearTimer(victim.id);
      next = next.filter((toast) => toast !== victim);
    }
    return next;
  }

  return {
    show(input) {
      const id = input.id ?? createId();
      const type = input.type ?? (input.severity ? toastTypeForSeverity(input.severity) : 'info');
      const toast: Toast = {
        id,
        type,
        title: input.title,
        message: input.message,
        duration: resolveToastDuration({ ...input, type }),
        dismissible: input.dismissible ?? true,
        action: input.action,
        createdAt: Date.now(),
        severity: input.severity,
      };
      clearTimer(id);
      publish(withinLimit([...toasts.filter((existing) => existing.id !== id), toast]));
      if (toast.duration !== null && toasts.includes(toast)) {
        timers.set(
          id,
          setTimeout(() => dismiss(id), toast.duration),
        );
      }
      return id;
    },
    dismiss,
    dismissAll() {
      for (const id of timers.keys()) clearTimer(id);
      if (toasts.length > 0) publish([]);
    },
    click(id) {
      if (toasts.find((toast) => toast.id === id)?.dismissible) dismiss(id);
    },
    runAction(id) {
      const action = toasts.find((toast) => toast.id === id)?.action;
      if (!action) return;
      action.handler();
      if (action.dismissOnAction !== false) dismiss(id);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one toast store; features show toasts through `toast`. */
export const toastStore = createToastStore();

export const toast = {
  show: (input: ToastInput) => toastStore.show(input),
  success: (message: string, rest: Omit<ToastInput, 'message' | 'type'> = {}) =>
    toastStore.show({ ...rest, message, type: 'success' }),
  info: (message: string, rest: Omit<ToastInput, 'message' | 'type'> = {}) =>
    toastStore.show({ ...rest, message, type: 'info' }),
  warning: (message: string, rest: Omit<ToastInput, 'message' | 'type'> = {}) =>
    toastStore.show({ ...rest, message, type: 'warning' }),
  error: (message: string, rest: Omit<ToastInput, 'message' | 'type'> = {}) =>
    toastStore.show({ ...rest, message, type: 'error' }),
  dismiss: (id: string) => toastStore.dismiss(id),
  dismissAll: () => toastStore.dismissAll(),
};
