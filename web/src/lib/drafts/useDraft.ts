import { useCallback, useState, type SetStateAction } from 'react';
import { readDraft, writeDraft } from './draftStorage.ts';

/**
 * A text field's value that is also kept as the member's draft for `place` (e.g. `post`, `comment.<id>`):
 * it comes back after leaving the page or a reload. `clear` once it is sent. Without a member (a visitor)
 * it is plain state. Changing the member or the place shows that one's draft.
 */
export function useDraft(userId: string | null, place: string) {
  const scope = userId === null ? null : `${userId}\n${place}`;
  const [state, setState] = useState(() => ({
    scope,
    text: userId === null ? '' : readDraft(userId, place),
  }));
  // Another member or place: its own draft, read while rendering (React's "adjusting state on a prop change").
  let current = state;
  if (state.scope !== scope) {
    current = { scope, text: userId === null ? '' : readDraft(userId, place) };
    setState(current);
  }
  const text = current.text;

  const setText = useCallback(
    (next: SetStateAction<string>) => {
      setState((previous) => {
        const value = typeof next === 'function' ? next(previous.text) : next;
        if (userId !== null) writeDraft(userId, place, value);
        return { scope, text: value };
      });
    },
    [userId, place, scope],
  );
  const clear = useCallback(() => setText(''), [setText]);
  return [text, setText, clear] as const;
}
