export const suggestedQuestions = [
  'How do I prepare for a job interview?',
  'Which skills are employers looking for?',
  'How do I ask for a raise?',
  'How does the skills assessment work?',
];

interface WelcomePanelProps {
  onAsk: (question: string) => void;
  disabled?: boolean;
}

/** An empty conversation: who Vale is, and a few questions to start with. */
export function WelcomePanel({ onAsk, disabled = false }: WelcomePanelProps) {
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-2xl bg-brand-600 text-2xl font-bold text-white shadow-md"
      >
        V
      </span>
      <div className="space-y-1">
        <h2 className="text-xl font-bold tracking-tight text-slate-900">Hi, I&apos;m Vale</h2>
        <p className="max-w-sm text-slate-700">
          Ask me about careers, skills and growing your income. I answer from the Uplift knowledge base and
          show you my sources.
        </p>
      </div>
      <ul aria-label="Suggested questions" className="flex w-full max-w-sm flex-col gap-2">
        {suggestedQuestions.map((question) => (
          <li key={question}>
            {/* eslint-disable-next-line no-restricted-syntax -- a suggested question card: its left-aligned text wraps over the full width */}
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="min-h-11 w-full rounded-2xl border border-slate-200 bg-white px-4 py-2 text-left text-sm font-medium text-slate-800 shadow-sm hover:border-brand-600 hover:text-brand-700 disabled:opacity-60"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
