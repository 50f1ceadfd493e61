import { chatStreamEventSchema, type ChatStreamEvent } from '@uplift/contracts';

/** Parses a complete server-sent event stream body into Vale's events. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return chatStreamEventSchema.parse(JSON.parse(data));
    });
}

export function doneEvent(events: ChatStreamEvent[]) {
  const done = events.find((event) => event.type === 'done');
  if (!done || done.type !== 'done') throw new Error(`no done event in ${JSON.stringify(events)}`);
  return done;
}
