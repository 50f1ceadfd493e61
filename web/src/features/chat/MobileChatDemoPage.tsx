import type { ChatStreamEvent, Citation } from '@uplift/contracts';
import { Keyboard } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { isKeyboardVisible } from '../../lib/navigation/layout.ts';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { Composer } from './components/Composer.tsx';
import { KnowledgePointSheet } from './components/KnowledgePointSheet.tsx';
import { LiveAnnouncer } from './components/LiveAnnouncer.tsx';
import { MessageList } from './components/MessageList.tsx';
import { demoAnswers, demoCitations, demoPoints, echoAnswer } from './demo/demoContent.ts';
import { simulateAnswer, type SimulatedAnswer } from './demo/simulatedAnswer.ts';
import { useKeyboardHeight } from '../../ui/navigation/useShellLayout.ts';
import { topOverlayClearance } from '../../ui/toasts/topOverlays.ts';
import { chatReducer, emptyChat, isInProgress } from './stream/chatReducer.ts';
import { Button } from '../../ui/Button.tsx';

type DemoAnswer = Omit<SimulatedAnswer, 'citations'> & { citations?: Citation[] };

/** The stream conditions the demo can play: fast and long, slow, and dropped part-way. */
const simulations: Array<{ label: string; question: string; answer: DemoAnswer }> = [
  {
    label: 'Simulate a long answer',
    question: demoAnswers.long.question,
    answer: { text: demoAnswers.long.text, citations: demoCitations, delayMs: 25 },
  },
  {
    label: 'Simulate a slow stream',
    question: demoAnswers.slow.question,
    answer: { text: demoAnswers.slow.text, citations: demoCitations.slice(1, 2), delayMs: 450 },
  },
  {
    label: 'Simulate an interrupted stream',
    question: demoAnswers.interrupted.question,
    answer: {
      text: demoAnswers.interrupted.text,
      citations: demoCitations.slice(2),
      delayMs: 60,
      dropAt: Math.round(demoAnswers.interrupted.text.length * 0.4),
    },
  },
];

// The screen's height less what the app layout keeps above (toasts, safe area) and below (the bar).
const pageHeight = `calc(100dvh - ${topOverlayClearance} - 6.5rem - var(--safe-bottom, env(safe-area-inset-bottom)))`;

let demoKey = 0;
function nextKey(prefix: string): string {
  demoKey += 1;
  return `demo-${prefix}-${demoKey}`;
}

function subscribeViewport(onChange: () => void): () => void {
  window.visualViewport?.addEventListener('resize', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    window.visualViewport?.removeEventListener('resize', onChange);
    window.removeEventListener('resize', onChange);
  };
}

function useViewportSize(): string {
  return useSyncExternalStore(
    subscribeViewport,
    () => {
      const viewport = window.visualViewport;
      return viewport
        ? `${Math.round(viewport.width)} × ${Math.round(viewport.height)}`
        : `${window.innerWidth} × ${window.innerHeight}`;
    },
    () => '',
  );
}

/**
 * SPEC §2 "Mobile Chat Demo": the real chat components fed by a simulated stream (no server), to try long
 * answers, slow and interrupted streams, and the composer with the on-screen keyboard open.
 */
export default function MobileChatDemoPage() {
  const { title, description } = usePageMeta();
  const [state, dispatch] = useReducer(chatReducer, emptyChat);
  const [draft, setDraft] = useState('');
  const [citation, setCitation] = useState<Citation | null>(null);
  const keyboard = useKeyboardHeight();
  const viewport = useViewportSize();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const runRef = useRef<{ key: string; controller: AbortController } | null>(null);
  // Where each interrupted answer stood, so "resuming" it continues from a little further on.
  const dropped = useRef(new Map<string, SimulatedAnswer>());

  useEffect(() => () => runRef.current?.controller.abort(), []);

  const answering = state.entries.some((entry) => entry.role === 'assistant' && isInProgress(entry));

  async function run(key: string, answer: SimulatedAnswer) {
    runRef.current?.controller.abort();
    const controller = new AbortController();
    runRef.current = { key, controller };
    let ended = false;
    // A resumed stream's first token is the whole text so far, so the sum is where the text stands.
    let sent = 0;
    try {
      for await (const event of simulateAnswer(answer, controller.signal)) {
        dispatch({ type: 'event', key, event: event satisfies ChatStreamEvent });
        if (event.type === 'token') sent += event.text.length;
        if (event.type === 'done') ended = true;
      }
      if (!ended) {
        dropped.current.set(key, { ...answer, dropAt: undefined, resumeFrom: sent });
        dispatch({ type: 'dropped', key, resumable: true });
      }
    } catch {
      // Aborted: Stop, or a newer simulation took over.
    } finally {
      if (runRef.current?.controller === controller) runRef.current = null;
    }
  }

  function ask(question: string, answer: DemoAnswer) {
    if (answering) return;
    const answerKey = nextKey('answer');
    dispatch({ type: 'asked', questionKey: nextKey('question'), answerKey, text: question });
    void run(answerKey, { citations: [], ...answer });
  }

  function resume(key: string) {
    const answer = dropped.current.get(key);
    if (!answer) return;
    dropped.current.delete(key);
    // The "server" kept writing meanwhile: the resumed stream starts with more than the screen had.
    const caughtUp = Math.min(answer.text.length, (answer.resumeFrom ?? 0) + 80);
    dispatch({ type: 'resuming', key });
    void run(key, { ...answer, resumeFrom: caughtUp, delayMs: 60 });
  }

  function stop() {
    const current = runRef.current;
    if (!current) return;
    dispatch({ type: 'stopped', key: current.key });
    current.controller.abort();
  }

  function send() {
    const question = draft.trim();
    if (!question) return;
    setDraft('');
    ask(question, { text: echoAnswer(question), delayMs: 70, groundedOnly: true });
  }

  function focusComposer() {
    panelRef.current?.scrollIntoView({ block: 'end' });
    composerRef.current?.focus();
  }

  const point = citation
    ? demoPoints.find((candidate) => candidate.id === citation.knowledgePointId)
    : undefined;
  return (
    <section
      className="flex min-h-96 flex-col gap-3"
      // The page is the screen minus the bottom bar, so the composer starts in view above the bar rather
      // than below the fold, behind it. Very short screens (under min-h-96) scroll.
      style={{ height: pageHeight }}
    >
      <header className="shrink-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="text-slate-700">{description}</p>}
      </header>

      <div
        className="-mx-4 flex shrink-0 gap-2 overflow-x-auto px-4 pb-1"
        role="group"
        aria-label="Simulations"
      >
        {simulations.map((simulation) => (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0 whitespace-nowrap"
            key={simulation.label}
            disabled={answering}
            onClick={() => ask(simulation.question, simulation.answer)}
          >
            {simulation.label}
          </Button>
        ))}
        <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" onClick={focusComposer}>
          Focus the composer
        </Button>
      </div>

      <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl bg-white px-4 py-2 text-sm text-slate-800 shadow-sm">
        <Keyboard aria-hidden="true" className="size-5 text-brand-700" />
        <p>
          Keyboard height: <strong className="font-semibold tabular-nums">{keyboard} px</strong>
          {isKeyboardVisible(keyboard) ? ' (open)' : ' (closed)'}
        </p>
        {viewport && (
          <p>
            Visual viewport: <span className="tabular-nums">{viewport}</span>
          </p>
        )}
      </div>

      <div
        ref={panelRef}
        className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-3xl border border-slate-200 bg-slate-50"
      >
        <MessageList
          className="flex-1 px-3"
          entries={state.entries}
          onOpenCitation={setCitation}
          onResume={resume}
          empty={
            <p className="px-4 py-10 text-center text-slate-700">
              Pick a simulation above, or type a message: the answer streams locally.
            </p>
          }
        />
        <div className="border-t border-slate-200 bg-white p-2">
          <Composer
            textareaRef={composerRef}
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={stop}
            answering={answering}
          />
        </div>
      </div>
      <LiveAnnouncer announcement={state.announcement} />
      <KnowledgePointSheet
        title={citation?.title ?? null}
        state={point ? { status: 'success', point } : { status: 'error', message: 'Not in the demo.' }}
        onClose={() => setCitation(null)}
      />
    </section>
  );
}
