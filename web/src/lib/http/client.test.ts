import { successResponseSchema } from '@uplift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, request } from './client.ts';
import { HttpError, NetworkError, UnexpectedResponseError } from './errors.ts';
import { fetchMock, requestAt, stubFetchAroundEachTest } from './fetchMock.testing.ts';
import { connectSession } from './session.ts';

const native = vi.hoisted(() => ({ value: false }));
vi.mock('../native/platform.ts', () => ({ isNativePlatform: () => native.value }));

const okSchema = successResponseSchema;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function apiError(status: number, message: string, extra: object = {}) {
  return json(
    { success: false, error: { code: 'AUTH_FAILED', message, statusCode: status, ...extra } },
    status,
  );
}

stubFetchAroundEachTest();
let disconnect: () => void = () => undefined;

beforeEach(() => {
  native.value = false;
});

afterEach(() => disconnect());

describe('http client', () => {
  it('sends JSON bodies to the API base with cookies on the web, and parses with the schema', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, extra: 'dropped' }));
    await expect(http.post('/things', { body: { a: 1 }, schema: okSchema })).resolves.toEqual({
      success: true,
    });
    const sent = requestAt(0);
    expect(sent.url).toBe('http://localhost/api/things');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('x-client-platform')).toBeNull();
    expect(sent.headers.get('authorization')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(await sent.json()).toEqual({ a: 1 });
  });

  it('sets no content type when there is no body', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await http.get('/things', { schema: okSchema });
    expect(requestAt(0).headers.get('content-type')).toBeNull();
  });

  it('on native, says so and sends the stored token as a bearer header', async () => {
    native.value = true;
    disconnect = connectSession({ getToken: () => 'tok-1', refresh: async () => false });
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await http.get('/things', { schema: okSchema });
    const sent = requestAt(0);
    expect(sent.headers.get('x-client-platform')).toBe('native');
    expect(sent.headers.get('authorization')).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });

  it("carries the status, the parsed error body and the server's message", async () => {
    fetchMock.mockResolvedValueOnce(apiError(400, 'Please check your input and try again.'));
    const error = await http.get('/things', { schema: okSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, statusMessage: 'Please check your input and try again.' });
    expect((error as HttpError).data?.error.code).toBe('AUTH_FAILED');
  });

  it('defaults to "Request failed" and status 500 when the server sends no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/things', { schema: okSchema, retry: false })).rejects.toMatchObject({
      status: 502,
      statusMessage: 'Request failed',
      data: undefined,
    });
    expect(new HttpError()).toMatchObject({ status: 500, statusMessage: 'Request failed' });
  });

  it('turns a failed fetch into a NetworkError and an off-contract answer into UnexpectedResponseError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/things', { schema: okSchema, retry: false })).rejects.toBeInstanceOf(
      NetworkError,
    );
    fetchMock.mockResolvedValueOnce(json({ success: 'yes' }));
    await expect(http.get('/things', { schema: okSchema })).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('answers a 401 with one refresh and one retry', async () => {
    const refresh = vi.fn(async () => true);
    disconnect = connectSession({ getToken: () => null, refresh });
    fetchMock.mockResolvedValueOnce(apiError(401, 'Authentication failed.'));
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await expect(http.get('/me', { schema: okSchema })).resolves.toEqual({ success: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const refresh = vi.fn(async () => true);
    disconnect = connectSession({ getToken: () => null, refresh });
    fetchMock.mockImplementation(async () => apiError(401, 'Authentication failed.'));
    await expect(http.get('/me', { schema: okSchema })).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh among concurrent 401s, then retries each once', async () => {
    let finishRefresh: (renewed: boolean) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<boolean>((resolve) => (finishRefresh = resolve)));
    let token = 'old';
    disconnect = connectSession({ getToken: () => token, refresh });
    native.value = true;
    fetchMock.mockImplementation(async (_url, init) =>
      new Headers(init?.headers).get('authorization') === 'Bearer new'
        ? json({ success: true })
        : apiError(401, 'Authentication failed.'),
    );
    const calls = [1, 2, 3].map(() => http.get('/me', { schema: okSchema }));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    // Let every first attempt come back with its 401 before the refresh ends.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    token = 'new';
    finishRefresh(true);
    await expect(Promise.all(calls)).resolves.toEqual([
      { success: true },
      { success: true },
      { success: true },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('retries without another refresh when a refresh finished while the request was on its way', async () => {
    const refresh = vi.fn(async () => true);
    disconnect = connectSession({ getToken: () => null, refresh });
    let answerLate: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerLate = resolve)));
    fetchMock.mockResolvedValueOnce(apiError(401, 'Authentication failed.'));
    fetchMock.mockImplementation(async () => json({ success: true }));
    const late = http.get('/slow', { schema: okSchema });
    await http.get('/fast', { schema: okSchema });
    expect(refresh).toHaveBeenCalledTimes(1);
    answerLate(apiError(401, 'Authentication failed.'));
    await expect(late).resolves.toEqual({ success: true });
    // A second refresh would present the already rotated token, which the server treats as theft.
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the refresh fails', async () => {
    const refresh = vi.fn(async () => false);
    disconnect = connectSession({ getToken: () => null, refresh });
    fetchMock.mockResolvedValueOnce(apiError(401, 'Authentication failed.'));
    await expect(http.get('/me', { schema: okSchema })).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for calls marked auth: false (a 401 from login is a wrong password)', async () => {
    const refresh = vi.fn(async () => true);
    disconnect = connectSession({ getToken: () => null, refresh });
    fetchMock.mockResolvedValueOnce(apiError(401, 'Incorrect email or password.'));
    await expect(
      request('/auth/login', { method: 'POST', body: {}, schema: okSchema, auth: false }),
    ).rejects.toMatchObject({ status: 401, statusMessage: 'Incorrect email or password.' });
    expect(refresh).not.toHaveBeenCalled();
  });
});
