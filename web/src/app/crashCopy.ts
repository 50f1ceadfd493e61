/** What a member reads when the app itself fails while drawing a screen: not the server, not the network. */
export const appCrashCopy = {
  message: 'Something went wrong in the app',
  details:
    'This screen ran into a fault in the app itself, not in your connection. Reloading the app usually fixes it.',
  retryLabel: 'Reload the app',
} as const;
