import type { ChatMessage, ChatStreamEvent, Citation } from '@uplift/contracts';

/**
 * What the screen knows of a message. Beyond the server's statuses: `detached` is a member's answer whose
 * stream dropped while the server goes on writing it (it can be picked up again); `interrupted` is an
 * answer whose stream dropped with nothing to pick up (anonymous answers are not stored).
 */
export type EntryStatus = 'streaming' | 'detached' | 'complete' | 'stopped' | 'failed' | 'interrupted';

export interface ChatEntry {
  /** Stable on screen: the server id once known, else a local one. */
  key: string;
  id: string | null;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  groundedOnly: boolean;
  status: EntryStatus;
  /**
   * A (re)started stream sends the whole text so far as its first token: that token replaces the text
   * rather than adding to it, so a resumed answer never flashes empty in between.
   */
  restart?: boolean;
}

/** A message for the screen reader's live region; the id makes a repeat of the same words speak again. */
export interface Announcement {
  id: number;
  text: string;
}

export interface ChatState {
  conversationId: string | null;
  entries: ChatEntry[];
  announcement: Announcement | null;
}

export type ChatAction =
  | { type: 'loaded'; conversationId: string | null; messages: ChatMessage[] }
  | { type: 'asked'; questionKey: string; answerKey: string; text: string }
  /**
   * Answers a question again: the last one, or `questionKey`'s, whose later turns leave the screen. Its
   * answer is replaced with a new, empty one; `edited`: the question's new wording.
   */
  | { type: 'regenerating'; answerKey: string; questionKey?: string; edited?: string }
  | { type: 'event'; key: string; event: ChatStreamEvent }
  | { type: 'resuming'; key: string }
  /** The stream ended without `done`. */
  | { type: 'dropped'; key: string; resumable: boolean }
  /** Stopped here (anonymous: the request was aborted); the text so far stays. */
  | { type: 'stopped'; key: string }
  /** The stored copy from the server replaces what the screen has. */
  | { type: 'stored'; key: string; message: ChatMessage }
  /** A request the server refused: its question and empty answer leave the screen. */
  | { type: 'withdrawn'; keys: string[] };

export const emptyChat: ChatState = { conversationId: null, entries: [], announcement: null };

const finishedNotice: Record<EntryStatus, string> = {
  complete: 'Vale answered.',
  stopped: "Stopped. Vale's answer so far is kept.",
  failed: "Vale's answer was cut off.",
  interrupted: "The connection dropped and Vale's answer was cut off.",
  detached: 'The connection dropped. Vale is still writing; the answer will appear when you are back online.',
  streaming: '',
};

export function isInProgress(entry: ChatEntry): boolean {
  return entry.status === 'streaming' || entry.status === 'detached';
}

export function lastAnswerInProgress(entries: readonly ChatEntry[]): ChatEntry | undefined {
  return entries.findLast((entry) => entry.role === 'assistant' && isInProgress(entry));
}

function fromMessage(message: ChatMessage): ChatEntry {
  return {
    key: message.id,
    id: message.id,
    role: message.role,
    content: message.content,
    citations: message.citations,
    groundedOnly: message.groundedOnly,
    // Loaded while the server is still writing it: nothing is listening yet, so it needs picking up.
    status: message.status === 'streaming' ? 'detached' : message.status,
  };
}

function announce(state: ChatState, status: EntryStatus): Announcement | null {
  const text = finishedNotice[status];
  return text ? { id: (state.announcement?.id ?? 0) + 1, text } : state.announcement;
}

/** The other entries stay the same objects: the screen renders again, and saves, only entries that changed. */
function update(state: ChatState, key: string, change: (entry: ChatEntry) => ChatEntry): ChatEntry[] {
  return state.entries.map((entry) => (entry.key === key ? change(entry) : entry));
}

function applyEvent(state: ChatState, key: string, event: ChatStreamEvent): ChatState {
  const entry = state.entries.find((candidate) => candidate.key === key);
  if (!entry) return state;
  switch (event.type) {
    case 'meta': {
      const at = state.entries.indexOf(entry);
      const question = state.entries[at - 1];
      const { questionId } = event;
      return {
        ...state,
        conversationId: event.conversationId ?? state.conversationId,
        entries: state.entries.map((current, i) => {
          if (current === entry) {
            return {
              ...current,
              id: event.messageId ?? current.id,
              citations: event.citations,
              groundedOnly: event.groundedOnly,
              status: 'streaming',
              restart: true,
            };
          }
          // The stored question's id, so it can be edited later in this conversation.
          return i === at - 1 && questionId && question?.role === 'user' && current.id !== questionId
            ? { ...current, id: questionId }
            : current;
        }),
      };
    }
    case 'token':
      if (entry.status !== 'streaming') return state;
      return {
        ...state,
        entries: update(state, key, (current) => ({
          ...current,
          content: current.restart ? event.text : current.content + event.text,
          restart: false,
        })),
      };
    case 'done': {
      // A stored answer still marked as being written, with nobody writing it (e.g. a server restart).
      const status: EntryStatus = event.status === 'streaming' ? 'interrupted' : event.status;
      return {
        ...state,
        entries: update(state, key, (current) => ({
          ...current,
          id: event.messageId ?? current.id,
          content: event.content,
          citations: event.citations,
          groundedOnly: event.groundedOnly,
          status,
          restart: false,
        })),
        announcement: announce(state, status),
      };
    }
    case 'error':
      return {
        ...state,
        // An answer that never started has nothing worth keeping on screen.
        entries:
          entry.content === ''
            ? state.entries.filter((candidate) => candidate.key !== key)
            : update(state, key, (current) => ({ ...current, status: 'failed' })),
        announcement: announce(state, 'failed'),
      };
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return {
        conversationId: action.conversationId,
        entries: action.messages.map(fromMessage),
        announcement: state.announcement,
      };
    case 'asked':
      return {
        ...state,
        entries: [
          ...state.entries,
          {
            key: action.questionKey,
            id: null,
            role: 'user',
            content: action.text,
            citations: [],
            groundedOnly: false,
            status: 'complete',
          },
          {
            key: action.answerKey,
            id: null,
            role: 'assistant',
            content: '',
            citations: [],
            groundedOnly: false,
            status: 'streaming',
          },
        ],
      };
    case 'regenerating': {
      const { edited, questionKey } = action;
      const at =
        questionKey === undefined
          ? state.entries.findLastIndex((entry) => entry.role === 'user')
          : state.entries.findIndex((entry) => entry.key === questionKey);
      const question = state.entries[at];
      if (!question) return state;
      const kept = state.entries.slice(0, at + 1);
      if (edited !== undefined) kept[at] = { ...question, content: edited };
      return {
        ...state,
        entries: [
          ...kept,
          {
            key: action.answerKey,
            id: null,
            role: 'assistant',
            content: '',
            citations: [],
            groundedOnly: false,
            status: 'streaming',
          },
        ],
      };
    }
    case 'event':
      return applyEvent(state, action.key, action.event);
    case 'resuming':
      return {
        ...state,
        entries: update(state, action.key, (entry) =>
          entry.status === 'detached' ? { ...entry, status: 'streaming' } : entry,
        ),
      };
    case 'dropped': {
      const entry = state.entries.find((candidate) => candidate.key === action.key);
      if (!entry || !isInProgress(entry)) return state;
      const status: EntryStatus = action.resumable ? 'detached' : 'interrupted';
      if (entry.status === status) return state;
      return {
        ...state,
        entries: update(state, action.key, (current) => ({ ...current, status })),
        announcement: announce(state, status),
      };
    }
    case 'stopped': {
      const entry = state.entries.find((candidate) => candidate.key === action.key);
      if (!entry || !isInProgress(entry)) return state;
      return {
        ...state,
        entries: update(state, action.key, (current) => ({ ...current, status: 'stopped' })),
        announcement: announce(state, 'stopped'),
      };
    }
    case 'stored': {
      const entry = state.entries.find((candidate) => candidate.key === action.key);
      if (!entry) return state;
      const stored = fromMessage(action.message);
      // Still being written and still being listened to: it stays live.
      const status =
        stored.status === 'detached' && entry.status === 'streaming' ? 'streaming' : stored.status;
      const next = { ...stored, key: entry.key, status };
      const finished = !isInProgress(next) && isInProgress(entry);
      return {
        ...state,
        entries: update(state, action.key, () => next),
        announcement: finished ? announce(state, next.status) : state.announcement,
      };
    }
    case 'withdrawn':
      return { ...state, entries: state.entries.filter((entry) => !action.keys.includes(entry.key)) };
  }
}

/** The earlier turns an anonymous question carries: finished ones only, the most recent `max`. */
export function historyOf(entries: readonly ChatEntry[], max: number, maxChars: number) {
  return entries
    .filter((entry) => entry.content.trim() !== '' && !isInProgress(entry))
    .slice(-max)
    .map((entry) => ({ role: entry.role, content: entry.content.slice(0, maxChars) }));
}
