import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { writeLimiter } from './write-limit.ts';

const request = (ip: string, address?: string) =>
  ({ ip, session: address ? { user: { address } } : null }) as unknown as FastifyRequest;

describe('write limiter', () => {
  it('counts per IP and per address in fixed windows, then starts over', async () => {
    let now = 0;
    const limiter = writeLimiter({ max: 2, timeWindowMs: 1000 }, () => now);
    await limiter.byIp(request('1.1.1.1'));
    await limiter.byIp(request('1.1.1.1'));
    await assert.rejects(limiter.byIp(request('1.1.1.1')), { code: 1006, statusCode: 429 });
    await limiter.byIp(request('2.2.2.2'));
    await limiter.byAddress(request('1.1.1.1', '0xabc'));
    await limiter.byAddress(request('2.2.2.2', '0xabc'));
    await assert.rejects(limiter.byAddress(request('3.3.3.3', '0xabc')), { code: 1006 });
    // No session: nothing to count by address.
    await limiter.byAddress(request('1.1.1.1'));
    now = 1000;
    await limiter.byIp(request('1.1.1.1'));
    await limiter.byAddress(request('1.1.1.1', '0xabc'));
  });
});
