import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin, HttpError } from './errors.ts';

describe('Retry-After on every 429', () => {
  it("sends the error's own wait, a limiter's header as it is, or a default", async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/own', () => {
      throw new HttpError(429, 'Wait.').retryAfter(2.2);
    });
    app.get('/unsaid', () => {
      throw new HttpError(429, 'Wait, for some time.');
    });
    app.get('/limiter', (_request, reply) => {
      reply.header('retry-after', '7');
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    app.get('/framework', () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    const header = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(429);
      return response.headers['retry-after'];
    };
    expect(await header('/own')).toBe('3');
    expect(await header('/limiter')).toBe('7');
    expect(Number(await header('/unsaid'))).toBeGreaterThan(0);
    expect(Number(await header('/framework'))).toBeGreaterThan(0);
    await app.close();
  });
});
