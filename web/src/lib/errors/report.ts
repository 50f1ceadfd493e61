import { errorLogLimits, type ErrorCode, type ErrorLogPayload, type Severity } from '@uplift/contracts';
import type { errorLogResponseSchema } from '@uplift/contracts';
import { request, serverChecked } from '../http/client.ts';
import { debugLog } from './debug.ts';

export interface ErrorReport {
  /** What went wrong, for developers. */
  message: string;
  error?: unknown;
  code?: ErrorCode;
  severity?: Severity;
  /** What the user was told. */
  userMessage?: string;
  context?: Record<string, unknown>;
}

export interface ReportEnvironment {
  now: number;
  userAgent: string;
  url: string;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  return value;
}

/** SPEC §3 error log payload context: JSON only, within the server's size limit. */
function safeContext(context: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!context) return undefined;
  let json: string;
  try {
    json = JSON.stringify(context, (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : describe(value),
    );
  } catch {
    return { unserialisable: true };
  }
  if (json.length <= errorLogLimits.contextMaxBytes) return JSON.parse(json) as Record<string, unknown>;
  const clipped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(JSON.parse(json) as Record<string, unknown>)) {
    const next = typeof value === 'string' ? clip(value, 1_000) : value;
    // Room is kept for the `truncated` marker added below.
    if (JSON.stringify({ ...clipped, [key]: next }).length > errorLogLimits.contextMaxBytes - 64) break;
    clipped[key] = next;
  }
  return { ...clipped, truncated: true };
}

/** SPEC §3: message, stack, timestamp, userAgent, url, context, and the optional catalogue fields. */
export function buildErrorLogPayload(report: ErrorReport, environment: ReportEnvironment): ErrorLogPayload {
  const stack = report.error instanceof Error ? report.error.stack : undefined;
  const message = report.message.trim() || 'Unknown error';
  const payload: ErrorLogPayload = {
    message: clip(message, errorLogLimits.messageMax),
    timestamp: new Date(environment.now).toISOString(),
    userAgent: clip(environment.userAgent, errorLogLimits.userAgentMax),
    url: clip(environment.url, errorLogLimits.urlMax),
  };
  if (stack) payload.stack = clip(stack, errorLogLimits.stackMax);
  const context = safeContext(report.context);
  if (context) payload.context = context;
  if (report.code) payload.code = report.code;
  if (report.severity) payload.severity = report.severity;
  if (report.userMessage) payload.userMessage = clip(report.userMessage, errorLogLimits.messageMax);
  return payload;
}

/** Where reports go: by default straight to the server; the offline layer swaps in "send or queue". */
export type ErrorReportSink = (payload: ErrorLogPayload) => Promise<unknown>;

/** Before the offline layer starts (or if it never does): straight to the server, no queue. */
const directSink: ErrorReportSink = (payload) =>
  request('/log-error', {
    method: 'POST',
    body: payload,
    schema: serverChecked<typeof errorLogResponseSchema>(),
    auth: false,
  });

let sink: ErrorReportSink = directSink;

export function connectErrorReporting(next: ErrorReportSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = directSink;
  };
}

function currentEnvironment(): ReportEnvironment {
  return {
    now: Date.now(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    url: typeof location === 'undefined' ? '' : location.href,
  };
}

/**
 * SPEC §8: logs an error to /api/log-error (queued at low priority when offline, through the connected
 * sink). Never throws: reporting a failure must not cause another.
 */
export function reportError(report: ErrorReport): void {
  try {
    const payload = buildErrorLogPayload(report, currentEnvironment());
    void checkAndSend(payload).catch((error: unknown) => debugLog('errors', 'report not sent', error));
  } catch (error) {
    debugLog('errors', 'report failed', error);
  }
}

/** The payload checked against its contract, whose schema loads with the first report (not on `/`). */
async function checkAndSend(payload: ErrorLogPayload): Promise<void> {
  const { errorLogPayloadSchema } = await import('./reportSchema.ts');
  const parsed = errorLogPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    debugLog('errors', 'report dropped: off contract', parsed.error.issues);
    return;
  }
  debugLog('errors', 'report', parsed.data);
  await sink(parsed.data);
}

/** SPEC §8: a failure to mount the app is logged as "Error while mounting app". */
export function reportMountFailure(error: unknown): void {
  reportError({
    message: 'Error while mounting app',
    error,
    code: 'UNKNOWN_ERROR',
    severity: 'critical',
    context: { kind: 'mount', error: error instanceof Error ? error.message : String(error) },
  });
}
