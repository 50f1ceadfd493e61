import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';

/**
 * How long an upload's body may take (decision 0052). Node's whole-request time-out (REQUEST_TIMEOUT_MS)
 * stays the rule for every other request; an upload's body is held to these instead.
 */
export interface UploadTimeouts {
  /** No byte for this long: the body has stalled and is cut off. */
  stallMs: number;
  /** The slowest steady pace a route's largest file must get through at: its ceiling, maxBytes at this pace. */
  minBytesPerSecond: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by http-server.ts from the configuration; absent on an instance built otherwise. */
    uploadTimeouts?: UploadTimeouts;
  }
}

const defaults: UploadTimeouts = { stallMs: 30_000, minBytesPerSecond: 50 * 1024 };

/** The longest an upload of at most `maxBytes` may take to arrive, however steadily it comes. */
export function uploadCeilingMs(maxBytes: number, { stallMs, minBytesPerSecond }: UploadTimeouts): number {
  return Math.max(stallMs, Math.ceil((maxBytes / minBytesPerSecond) * 1_000));
}

export interface BodyWatch {
  /** Rejects with the 408 once the body is cut off; never resolves. */
  readonly cutOff: Promise<never>;
  /** The 408 once the body has been cut off, null until then. */
  readonly error: HttpError | null;
  /** Runs `stop` when the body is cut off (at once when it already is). */
  onCutOff(stop: () => void): void;
  /** Whether Node's whole-request time-out passed while this watch held the body to its own. */
  readonly outlivedRequestTimeout: boolean;
  /** Stops watching once the body has all arrived (or the connection is gone). */
  endIfComplete(): void;
}

interface Watching {
  tookOver(): void;
}

/** The connections whose current request body a watch times, so Node's request time-out is not theirs. */
const watched = new WeakMap<Socket, Watching>();

/**
 * Node's whole-request time-out fired on `socket` (its `clientError`): true when an upload's watch is
 * timing that request's body, which then goes on under the watch's own limits; false for every other
 * request, which is answered 408 as before.
 */
export function bodyWatchTakesOver(socket: Socket): boolean {
  const watch = watched.get(socket);
  if (!watch) return false;
  watch.tookOver();
  return true;
}

const seconds = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1_000)} seconds`;

const unwatched: BodyWatch = {
  cutOff: new Promise<never>(() => {}),
  error: null,
  onCutOff() {},
  outlivedRequestTimeout: false,
  endIfComplete() {},
};

/**
 * Times the body of an upload request (one whose handler is reading it): cut off after `stallMs` without
 * a byte arriving, or after the route's ceiling (`maxBytes` at `minBytesPerSecond`, counted from the
 * request's start) however steadily it comes. Progress is the connection's bytes read, checked a few times
 * per stall time-out. Cut off before the answer, the handler answers the 408 (`cutOff`) and the connection
 * is closed after it; after the answer (a refusal sent before the body ended, which Node then reads to its
 * end), the connection is closed at once.
 */
export function watchBody(request: FastifyRequest, reply: FastifyReply, maxBytes: number): BodyWatch {
  const socket = request.raw.socket as Socket | undefined;
  // An injected request (light-my-request) has no connection to time: its body is there at once.
  if (typeof socket?.destroy !== 'function' || typeof socket.bytesRead !== 'number') return unwatched;
  const timeouts = request.server.uploadTimeouts ?? defaults;
  const ceilingMs = uploadCeilingMs(maxBytes, timeouts);
  const started = performance.now() - reply.elapsedTime;
  let lastBytes = socket.bytesRead;
  let lastProgress = performance.now();
  let outlived = false;
  let cutError: HttpError | null = null;
  const stops: Array<() => void> = [];
  let rejectCutOff: (error: HttpError) => void = () => {};
  const cutOff = new Promise<never>((_resolve, reject) => (rejectCutOff = reject));
  // Awaited only while the handler reads the body.
  cutOff.catch(() => {});

  const end = () => {
    clearInterval(timer);
    socket.off('close', end);
    request.raw.off('end', end);
    if (watched.get(socket) === watching) watched.delete(socket);
  };
  const cut = (message: string) => {
    end();
    if (reply.sent || request.raw.destroyed) {
      socket.destroy();
      return;
    }
    reply.header('connection', 'close');
    cutError = new HttpError(408, message);
    rejectCutOff(cutError);
    for (const stop of stops.splice(0)) stop();
  };
  const check = () => {
    if (socket.destroyed || request.raw.complete) return end();
    const now = performance.now();
    if (socket.bytesRead !== lastBytes) {
      lastBytes = socket.bytesRead;
      lastProgress = now;
    }
    if (now - lastProgress >= timeouts.stallMs) {
      cut(`The upload stopped arriving: nothing came for ${seconds(timeouts.stallMs)}. Try again.`);
    } else if (now - started >= ceilingMs) {
      cut(`The upload took longer than ${seconds(ceilingMs)} to arrive. Try again on a faster connection.`);
    }
  };
  const timer = setInterval(check, Math.max(50, Math.min(1_000, timeouts.stallMs / 4)));
  timer.unref();
  const watching: Watching = { tookOver: () => (outlived = true) };
  watched.set(socket, watching);
  socket.once('close', end);
  // Listening for the end does not start the body flowing: whoever reads it still does.
  request.raw.once('end', end);

  return {
    cutOff,
    onCutOff(stop) {
      if (cutError) stop();
      else stops.push(stop);
    },
    get error() {
      return cutError;
    },
    get outlivedRequestTimeout() {
      return outlived;
    },
    endIfComplete() {
      if (socket.destroyed || request.raw.complete) end();
    },
  };
}
