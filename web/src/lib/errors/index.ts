export { AppError, createAppError, isAppError } from './appError.ts';
export type { AppErrorContext, AppErrorInit } from './appError.ts';
export { catalogueEntry, errorDefaults } from './catalogue.ts';
export { debugLog, debugMode, initDebug, isDebugEnabled } from './debug.ts';
export type { DebugMode } from './debug.ts';
export {
  createGlobalErrorHandler,
  globalErrorMessages,
  globalErrors,
  installGlobalErrorHandlers,
  reportComponentError,
  reportRecoverableError,
} from './globalHandlers.ts';
export { buildErrorLogPayload, connectErrorReporting, reportError, reportMountFailure } from './report.ts';
export type { ErrorReport, ErrorReportSink } from './report.ts';
export { showErrorToast } from './showError.ts';
export { appErrorToast, toAppError } from './toAppError.ts';
