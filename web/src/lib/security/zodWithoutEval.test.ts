import { describe, expect, it } from 'vitest';

describe('zod under the pages’ CSP', () => {
  it('never tries `new Function`, so no screen that validates a form reports a CSP violation', async () => {
    await import('./zodWithoutEval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const tried: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        tried.push(args.join(','));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const member = z.object({ email: z.email(), name: z.string().min(1) });
      expect(member.safeParse({ email: 'ada@example.test', name: 'Ada' }).success).toBe(true);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(tried).toEqual([]);
  });
});
