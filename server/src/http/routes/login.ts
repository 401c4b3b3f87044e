/**
 * Spec §7 login endpoints: POST /v1/user/getcode, /v1/user/metamasklogin, /v1/index/register.
 */
import { defaultNetwork, networks } from '@app/contracts/chains';
import type { FastifyInstance } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { keyedLimiter } from '../write-limit.ts';
import type { CounterStore } from '../shared-state/counters.ts';
import { issueLoginCode, login, loginInfo, type AuthContext } from '../../auth/login.ts';
import { sendOk } from '../envelope.ts';
import { ref } from '../openapi.ts';
import { asHex, fields, optional, parseAddress, parseChain } from '../schemas.ts';

interface GetCodeBody {
  address: string;
  chain?: string;
}
interface MetamaskLoginBody {
  address: string;
  signature: string;
  invitecode?: string;
  wallet?: string;
}
interface RegisterBody {
  chain: string;
  address: string;
  signature: string;
  wallet?: string;
  invite_code?: string;
}

export async function loginRoutes(
  app: FastifyInstance,
  opts: {
    auth: AuthContext;
    rateLimit: { max: number; timeWindow: number };
    /** Per address (the `address` field), on top of the per-IP limit. */
    addressLimit: RateLimitConfig;
    /** Where the per-address counts live (default: this process's memory). */
    counters?: CounterStore;
  },
) {
  const { auth } = opts;
  const config = { rateLimit: opts.rateLimit };
  // Counted after validation, so only well-formed addresses take a counter.
  const hit = keyedLimiter(opts.addressLimit, Date.now, opts.counters);
  app.addHook('preHandler', async (request) => {
    const address = (request.body as { address?: unknown } | undefined)?.address;
    if (typeof address === 'string') await hit(`login:${address.toLowerCase()}`);
  });

  app.post<{ Body: GetCodeBody }>(
    '/user/getcode',
    {
      config: { ...config, openapi: { data: ref('LoginCode') } },
      schema: {
        summary: 'A Sign-In with Ethereum message to sign (Code is its nonce)',
        tags: ['user'],
        body: {
          type: 'object',
          required: ['address'],
          properties: { address: fields.address, chain: fields.chain },
        },
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
      });
    },
  );

  app.post<{ Body: MetamaskLoginBody }>(
    '/user/metamasklogin',
    {
      config: { ...config, openapi: { data: ref('Login') } },
      schema: {
        summary: 'Log in with the signed message from getcode',
        tags: ['user'],
        body: {
          type: 'object',
          required: ['address', 'signature'],
          properties: {
            address: fields.address,
            signature: fields.signature,
            invitecode: fields.inviteCode,
            wallet: fields.wallet,
          },
        },
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
      return sendOk(request, reply, { Token: result.token, ...loginInfo(result.user, result) });
    },
  );

  app.post<{ Body: RegisterBody }>(
    '/index/register',
    {
      config: { ...config, openapi: { data: ref('Login') } },
      schema: {
        summary: 'Log in (register) on a chain with the signed message from getcode',
        tags: ['index'],
        body: {
          type: 'object',
          required: ['chain', 'address', 'signature'],
          properties: {
            chain: fields.chain,
            address: fields.address,
            signature: fields.signature,
            wallet: fields.wallet,
            invite_code: fields.inviteCode,
          },
        },
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
      return sendOk(request, reply, { Token: result.token, ...loginInfo(result.user, result) });
    },
  );
}
