/**
 * Resolves in a task of its own, after the browser has had the chance to handle input and paint: a point
 * where start-up work is cut in two, so a phone's main thread is never held for both halves at once. A
 * message rather than a timer: timers are held back for a second in a hidden tab, and after several nested
 * ones by 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
