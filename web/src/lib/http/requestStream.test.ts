import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestStream } from './client.ts';
import { HttpError, NetworkError } from './errors.ts';
import { fetchMock, requestAt, stubFetchAroundEachTest } from './fetchMock.testing.ts';
import { connectSession } from './session.ts';

const native = vi.hoisted(() => ({ value: false }));
vi.mock('../native/platform.ts', () => ({ isNativePlatform: () => native.value }));

stubFetchAroundEachTest();
let disconnect: () => void = () => undefined;

function eventStream(text: string): Response {
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function apiError(status: number, message: string): Response {
  return new Response(
    JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message, statusCode: status } }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

beforeEach(() => {
  native.value = false;
});

afterEach(() => disconnect());

describe('requestStream', () => {
  it('sends JSON with cookies, asks for an event stream and resolves with the unread response', async () => {
    fetchMock.mockResolvedValueOnce(eventStream('event: token\ndata: {}\n\n'));
    const controller = new AbortController();
    const response = await requestStream('/chat/public', {
      method: 'POST',
      body: { message: 'Hi' },
      signal: controller.signal,
    });
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('event: token\ndata: {}\n\n');
    const sent = requestAt(0);
    expect(sent.url).toBe('http://localhost/api/chat/public');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('accept')).toBe('text/event-stream');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(await sent.json()).toEqual({ message: 'Hi' });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('on native, sends the bearer token instead of cookies', async () => {
    native.value = true;
    disconnect = connectSession({ getToken: () => 'tok-9', refresh: async () => false });
    fetchMock.mockResolvedValueOnce(eventStream(''));
    await requestStream('/chat/messages/1/events');
    expect(requestAt(0).headers.get('authorization')).toBe('Bearer tok-9');
    expect(requestAt(0).method).toBe('GET');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });

  it("rejects a non-2xx answer with an HttpError carrying the server's message", async () => {
    fetchMock.mockResolvedValueOnce(apiError(429, "You've used today's 5 messages."));
    const error = await requestStream('/chat/public', { method: 'POST', body: { message: 'Hi' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, statusMessage: "You've used today's 5 messages." });
  });

  it('refreshes the session once on a 401 and retries', async () => {
    const refresh = vi.fn(async () => true);
    disconnect = connectSession({ getToken: () => null, refresh });
    fetchMock.mockResolvedValueOnce(apiError(401, 'Authentication failed.'));
    fetchMock.mockResolvedValueOnce(eventStream('event: done\n\n'));
    const response = await requestStream('/chat/message', { method: 'POST', body: { message: 'Hi' } });
    expect(await response.text()).toBe('event: done\n\n');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await requestAt(1).json()).toEqual({ message: 'Hi' });
  });

  it('turns a failed fetch into a NetworkError and passes an abort through', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(requestStream('/chat/quota')).rejects.toBeInstanceOf(NetworkError);
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(requestStream('/chat/quota')).rejects.toBe(abort);
  });
});
