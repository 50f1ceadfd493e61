/**
 * `react` for the app's bundle: Preact's compat layer (decision 0034), about 55 KB gzip lighter than
 * React DOM on the first screen. compat has no `useOptimistic`, which React Router's RouterProvider
 * imports. Outside a transition (the app never passes `useTransitions`), React's `useOptimistic` returns
 * the state it is given, and the router calls its setter only when transitions are on; this is that.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

const ignoreOptimisticUpdate = (): void => {};

export function useOptimistic<State>(state: State): [State, (update: unknown) => void] {
  return [state, ignoreOptimisticUpdate];
}
