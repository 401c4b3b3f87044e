/**
 * Spec §7 login endpoints: POST /v1/user/getcode, /v1/user/metamasklogin, /v1/index/register.
 *
 * They are limited per client only (the route's `rateLimit`: per IP, in Redis when instances share
 * state), each route on its own counter: getcode's (`codeRateLimit`, larger: a code costs one row)
 * is not the sign-ins' (`rateLimit`), so one user asking for many codes does not use up the
 * sign-ins of the others behind the same address. Not per address: anyone can name any address, so
 * a limit counted by address would let anyone lock its owner out (issue 18 §7).
 */
import { createHash } from 'node:crypto';
import { defaultNetwork, networks } from '@app/contracts/chains';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueLoginCode, login, loginInfo, type AuthContext } from '../../auth/login.ts';
import { clientKey } from '../client-key.ts';
import { sendOk } from '../envelope.ts';
import { asHex, optional, parseAddress, parseChain } from '../schemas.ts';
import { routeSchema, type Login, type LoginCode } from '../../api-schema/index.ts';

/**
 * The client a request comes from, as the rate limiter tells clients apart (`request.ip`, from
 * X-Forwarded-For behind a trusted proxy; an IPv6 address by its /64: client-key.ts); stored
 * hashed with its nonces, not as an IP.
 */
function clientOf(request: FastifyRequest): string {
  return createHash('sha256').update(clientKey(request.ip)).digest('hex').slice(0, 32);
}

export async function loginRoutes(
  fastify: FastifyInstance,
  opts: {
    auth: AuthContext;
    rateLimit: { max: number; timeWindow: number };
    codeRateLimit: { max: number; timeWindow: number };
  },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = opts;
  const config = { rateLimit: opts.rateLimit };
  // What the OpenAPI document says about the two login routes (who can sign in, and how).
  const signInDescription =
    'Who can sign in: an externally owned account (its personal_sign signature, checked on this ' +
    'server without any RPC call, EIP-7702-delegated accounts included) and a smart-contract ' +
    "account (a Safe with its owners' combined signatures, ERC-4337 wallets): ERC-1271 on the " +
    "chain the message names, or ERC-6492 for an account not deployed yet. `code` (getcode's " +
    "Code) names the message signed; without it, the 5 newest this client asked for. If that chain's " +
    'RPC does not answer the check: 503. Limited per client (IP), never per address.';

  app.post(
    '/user/getcode',
    {
      config: { rateLimit: opts.codeRateLimit },
      schema: {
        ...routeSchema('POST /v1/user/getcode'),
        summary: 'A Sign-In with Ethereum message to sign (Code is its nonce)',
        description:
          'Anyone may ask for any address: limited per client (IP), never per address. A client ' +
          'holding the most open codes for one address (LOGIN_OPEN_CODES_PER_ADDRESS, 10) is ' +
          'refused one more (1006) until one is used or expires: no open code is ever pushed out.',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const address = parseAddress(request.body.address);
      const chain = optional(request.body.chain);
      const chainId = chain ? parseChain(chain) : networks[defaultNetwork].chainId;
      const code = await issueLoginCode(auth, address, chainId, clientOf(request));
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
        description: signInDescription,
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await login(auth, {
        address: parseAddress(body.address),
        signature: asHex(body.signature),
        client: clientOf(request),
        code: optional(body.code),
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
        description: signInDescription,
        tags: ['index'],
      },
    },
    async (request, reply) => {
      const body = request.body;
      const chainId = parseChain(body.chain);
      const result = await login(auth, {
        address: parseAddress(body.address),
        signature: asHex(body.signature),
        client: clientOf(request),
        code: optional(body.code),
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
