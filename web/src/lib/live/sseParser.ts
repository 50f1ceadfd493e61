export interface ServerSentEvent {
  id: string | null;
  data: string;
}

/**
 * An incremental reader of the `text/event-stream` format (the subset the server sends: `id`, `data`,
 * comments, `retry`): feed it chunks as they arrive; it returns the complete events found so far.
 */
export function createSseParser() {
  let buffer = '';
  return {
    feed(chunk: string): ServerSentEvent[] {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: ServerSentEvent[] = [];
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let id: string | null = null;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          else if (line.startsWith('id:')) id = line.slice(3).trim();
        }
        if (data.length > 0) events.push({ id, data: data.join('\n') });
        end = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}
