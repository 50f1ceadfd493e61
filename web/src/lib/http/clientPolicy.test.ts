import { errorCatalogue, httpLimits, successResponseSchema } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors/appError.ts';
import { http, request, requestUrl } from './client.ts';
import { connectConnectivity, type ConnectivityBridge } from './connectivity.ts';
import { HttpError, NetworkError, TimeoutError, UnexpectedResponseError } from './errors.ts';

const native = vi.hoisted(() => ({ value: false }));
vi.mock('../native/platform.ts', () => ({ isNativePlatform: () => native.value }));

const schema = successResponseSchema;
const fetchMock = vi.fn<typeof fetch>();
let disconnect: () => void = () => undefined;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function status(code: number): Response {
  return new Response('', { status: code });
}

/** A fetch that never answers, but rejects like the browser's when its signal aborts. */
function hangingFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

function bridge(overrides: Partial<ConnectivityBridge> = {}): ConnectivityBridge {
  return {
    isOffline: () => false,
    isSimulatedOffline: () => false,
    onNetworkFailure: () => undefined,
    onReachable: () => undefined,
    ...overrides,
  };
}

beforeEach(() => {
  native.value = false;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  disconnect();
  disconnect = () => undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('time-out (SPEC §9: 30 s)', () => {
  it('gives up after exactly 30 s with TIMEOUT', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const call = http.post('/slow', { body: {}, schema }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(httpLimits.timeoutMs - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(httpLimits.timeoutMs).toBe(30_000);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      reason: 'timeout',
      userMessage: 'Request timed out. Please try again.',
      title: 'Request Timeout',
      retryable: true,
    });
  });

  it('takes a time-out per call, and none at all with null', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const quick = request('/status', { schema, timeoutMs: 5_000, retry: false }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await quick).toBeInstanceOf(TimeoutError);

    const patient = request('/forever', { schema, timeoutMs: null, retry: false });
    let settled = false;
    void patient.finally(() => (settled = true)).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(settled).toBe(false);
  });

  it("turns the caller's abort into TIMEOUT (reason abort), which is never retried", async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const call = http.get('/things', { schema, signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', reason: 'abort', retryable: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('retries (SPEC §7: once for reads, never for writes)', () => {
  it('pins the retryable statuses', () => {
    expect(httpLimits.retryableStatuses).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'retries a GET answered %i once, after 1 s',
    async (code) => {
      vi.useFakeTimers();
      fetchMock.mockResolvedValueOnce(status(code));
      fetchMock.mockResolvedValueOnce(json({ success: true }));
      const call = http.get('/things', { schema });
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(call).resolves.toEqual({ success: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    },
  );

  it('retries a read only once: the second failure is the answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => status(503));
    const call = http.get('/things', { schema }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await call).toMatchObject({ status: 503, code: 'MAINTENANCE' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => status(503));
    const call = request('/things', { method, body: {}, schema }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await call).toBeInstanceOf(HttpError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([400, 403, 404, 422, 501])('does not retry a GET answered %i', async (code) => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => status(code));
    const call = http.get('/things', { schema }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await call).toMatchObject({ status: code, retryable: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a read whose fetch failed while online, not while offline', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    const online = http.get('/things', { schema });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(online).resolves.toEqual({ success: true });

    fetchMock.mockReset();
    disconnect = connectConnectivity(bridge({ isOffline: () => true }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = http.get('/things', { schema }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await offline).toMatchObject({ code: 'OFFLINE_ERROR' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('application errors (SPEC §8)', () => {
  it.each([
    [401, 'AUTH_FAILED', 'Authentication Error'],
    [403, 'PERMISSION_DENIED', 'Access Denied'],
    [404, 'NOT_FOUND', 'Not Found'],
    [400, 'VALIDATION_ERROR', 'Validation Error'],
    [408, 'TIMEOUT', 'Request Timeout'],
    [429, 'RATE_LIMITED', 'Rate Limited'],
    [500, 'API_ERROR', 'Server Error'],
    [503, 'MAINTENANCE', 'Service Unavailable'],
  ] as const)('maps HTTP %i to %s', async (code, errorCode, title) => {
    fetchMock.mockResolvedValueOnce(status(code));
    const error = await request('/things', { method: 'POST', schema, auth: false }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: errorCode,
      status: code,
      title,
      userMessage: errorCatalogue[errorCode].message,
      statusMessage: 'Request failed',
    });
    expect((error as AppError).context.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("keeps the server's own catalogue code when it sent one", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: false, error: { code: 'RATE_LIMITED', message: 'Slow down.', statusCode: 400 } }, 400),
    );
    await expect(request('/things', { method: 'POST', schema })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusMessage: 'Slow down.',
    });
  });

  it('a fetch failure is NETWORK_ERROR online and OFFLINE_ERROR offline, and tells connectivity', async () => {
    const onNetworkFailure = vi.fn();
    let offline = false;
    disconnect = connectConnectivity(bridge({ isOffline: () => offline, onNetworkFailure }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const online = await request('/x', { method: 'POST', schema }).catch((error: unknown) => error);
    expect(online).toBeInstanceOf(NetworkError);
    expect(online).toMatchObject({
      code: 'NETWORK_ERROR',
      title: 'Connection Error',
      userMessage: 'Network connection error. Please check your internet connection.',
    });
    offline = true;
    const gone = await request('/x', { method: 'POST', schema }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(NetworkError);
    expect(gone).toMatchObject({ code: 'OFFLINE_ERROR', title: 'Offline Mode' });
    expect(onNetworkFailure).toHaveBeenCalledTimes(2);
  });

  it('an answer tells connectivity the server is reachable', async () => {
    const onReachable = vi.fn();
    disconnect = connectConnectivity(bridge({ onReachable }));
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await http.get('/things', { schema });
    expect(onReachable).toHaveBeenCalledTimes(1);
  });

  it('a 2xx off contract is API_ERROR', async () => {
    fetchMock.mockResolvedValueOnce(json({ nope: true }));
    await expect(http.get('/things', { schema })).rejects.toBeInstanceOf(UnexpectedResponseError);
    fetchMock.mockResolvedValueOnce(json({ nope: true }));
    await expect(http.get('/things', { schema })).rejects.toMatchObject({ code: 'API_ERROR' });
  });

  it('native errors say "HTTP {status}" when the server gave no message; the web says "Request failed"', async () => {
    native.value = true;
    fetchMock.mockResolvedValueOnce(status(418));
    await expect(request('/x', { method: 'POST', schema })).rejects.toMatchObject({
      status: 418,
      statusMessage: 'HTTP 418',
      message: 'HTTP 418',
    });
    native.value = false;
    fetchMock.mockResolvedValueOnce(status(418));
    await expect(request('/x', { method: 'POST', schema })).rejects.toMatchObject({
      statusMessage: 'Request failed',
    });
  });

  it('a simulated outage fails at once with OFFLINE_ERROR, without touching the network', async () => {
    disconnect = connectConnectivity(bridge({ isSimulatedOffline: () => true }));
    await expect(request('/x', { method: 'POST', schema })).rejects.toMatchObject({ code: 'OFFLINE_ERROR' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('idempotency and addresses', () => {
  it('sends the Idempotency-Key and reaches absolute addresses as they are', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await requestUrl('https://api.example.test/api/log-error', {
      method: 'POST',
      body: { a: 1 },
      schema,
      idempotencyKey: 'key-12345678',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/api/log-error');
    expect(new Headers(init?.headers).get('idempotency-key')).toBe('key-12345678');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
