/**
 * Spec §7 login endpoints: POST /v1/user/getcode, /v1/user/metamasklogin, /v1/index/register.
 */
import { defaultNetwork, networks } from '@app/contracts/chains';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { keyedLimiter } from '../write-limit.ts';
import type { CounterStore } from '../shared-state/counters.ts';
import { issueLoginCode, login, loginInfo, type AuthContext } from '../../auth/login.ts';
import { sendOk } from '../envelope.ts';
import { asHex, optional, parseAddress, parseChain } from '../schemas.ts';
import { routeSchema, type Login, type LoginCode } from '../../api-schema/index.ts';

export async function loginRoutes(
  fastify: FastifyInstance,
  opts: {
    auth: AuthContext;
    rateLimit: { max: number; timeWindow: number };
    /** Per address (the `address` field), on top of the per-IP limit. */
    addressLimit: RateLimitConfig;
    /** Where the per-address counts live (default: this process's memory). */
    counters?: CounterStore;
  },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = opts;
  const config = { rateLimit: opts.rateLimit };
  // Counted after validation, so only well-formed addresses take a counter.
  const hit = keyedLimiter(opts.addressLimit, Date.now, opts.counters);
  app.addHook('preHandler', async (request) => {
    const address = (request.body as { address?: unknown } | undefined)?.address;
    if (typeof address === 'string') await hit(`login:${address.toLowerCase()}`);
  });

  app.post(
    '/user/getcode',
    {
      config,
      schema: {
        ...routeSchema('POST /v1/user/getcode'),
        summary: 'A Sign-In with Ethereum message to sign (Code is its nonce)',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const address = parseAddress(request.body.address);
      const chain = optional(request.body.chain);
      const chainId = chain ? parseChain(chain) : networks[defaultNetwork].chainId;
      const code = await issueLoginCode(auth, address, chainId);
      return sendOk(request, reply, {
        Code: code.nonce,
        Message: code.message,
        ExpiresAt: code.expiresAt.toISOString(),
      } satisfies LoginCode);
    },
  );

  app.post(
    '/user/metamasklogin',
    {
      config,
      schema: {
        ...routeSchema('POST /v1/user/metamasklogin'),
        summary: 'Log in with the signed message from getcode',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await login(auth, {
        address: parseAddress(body.address),
        signature: asHex(body.signature),
        wallet: optional(body.wallet)?.toLowerCase() ?? null,
        inviteCode: optional(body.invitecode),
      });
      return sendOk(request, reply, {
        Token: result.token,
        ...loginInfo(result.user, result),
      } satisfies Login);
    },
  );

  app.post(
    '/index/register',
    {
      config,
      schema: {
        ...routeSchema('POST /v1/index/register'),
        summary: 'Log in (register) on a chain with the signed message from getcode',
        tags: ['index'],
      },
    },
    async (request, reply) => {
      const body = request.body;
      const chainId = parseChain(body.chain);
      const result = await login(auth, {
        address: parseAddress(body.address),
        signature: asHex(body.signature),
        chainId,
        wallet: optional(body.wallet)?.toLowerCase() ?? null,
        inviteCode: optional(body.invite_code),
      });
      return sendOk(request, reply, {
        Token: result.token,
        ...loginInfo(result.user, result),
      } satisfies Login);
    },
  );
}
