/**
 * Issuing sign-in nonces and logging in with a signed SIWE message. A login checks everything first
 * and then, in ONE transaction, consumes the nonce, creates or updates the user and creates the
 * session, so a failed login changes nothing.
 *
 * Anyone may ask for a message for any address (getcode), so nothing such a request does may stand
 * in its owner's way (issue 18 §7, issue 25 §2): an open nonce is never deleted by anyone's request,
 * only used or left to expire. The open nonces are bounded per (client, address) — the client as
 * the rate limiter counts it (an IPv4 address, an IPv6 /64) — and one more is refused (1006), never
 * made room for: behind one NAT, a neighbour asking for hundreds of codes is refused more, while
 * the codes the others hold stay valid. A login looks only at the nonce it names (`code`) or at the
 * nonces its own client asked for. How many rows one client can add is bounded by getcode's rate
 * limit times the nonce lifetime.
 */
import { getAddress, type Address, type Hex } from 'viem';
import type { ResolvedConfig } from '../config.ts';
import { pgErrorCode, type Db, type Queryable } from '../db/db.ts';
import {
  consumeNonce,
  deleteStaleNonces,
  insertNonce,
  openNonce,
  openNoncesOfClient,
  countOpenNonces,
  type LoginNonceRow,
} from '../db/queries/nonces.ts';
import { insertSession } from '../db/queries/sessions.ts';
import {
  findUserByAddress,
  findUserByInviteCode,
  upsertUserOnLogin,
  type UserRow,
} from '../db/queries/users.ts';
import { AppError, ErrorCode, validationError } from '../http/errors.ts';
import { hashToken, newInviteCode, newNonce, newSessionToken } from './random.ts';
import { signedByContract, SignatureCheckUnavailable } from './contract-signature.ts';
import { buildLoginMessage, messageIsCurrent, signedByKey, type Origin } from './siwe.ts';

export interface AuthContext {
  db: Db;
  config: ResolvedConfig;
  origin: Origin;
}

/**
 * Without `code`, how many of its own client's open nonces for the address a signature is tried
 * against, newest first (several open tabs). Small: each try of a contract account is an RPC call.
 */
const MAX_TRIED_NONCES = 5;

export interface IssuedCode {
  nonce: string;
  message: string;
  expiresAt: Date;
}

/**
 * `client` identifies who asks. Refused (1006) when that client already holds
 * `loginOpenCodesPerAddress` open codes for the address. Two requests at the same instant may both
 * pass the count (one over the bound at most per concurrent request); the rate limit bounds that.
 */
export async function issueLoginCode(
  ctx: AuthContext,
  address: Address,
  chainId: number,
  client: string,
): Promise<IssuedCode> {
  const issuedAt = ctx.config.now();
  const open = await countOpenNonces(ctx.db, client, address.toLowerCase(), issuedAt);
  if (open >= ctx.config.loginOpenCodesPerAddress) {
    throw new AppError(ErrorCode.rateLimited, 'tooManyOpenCodes');
  }
  const expiresAt = new Date(issuedAt.getTime() + ctx.config.nonceTtlMs);
  const nonce = newNonce();
  const message = buildLoginMessage({
    origin: ctx.origin,
    appName: ctx.config.appName,
    address,
    chainId,
    nonce,
    issuedAt,
    expiresAt,
  });
  await insertNonce(ctx.db, {
    nonce,
    address: address.toLowerCase(),
    chain_id: chainId,
    message,
    issued_at: issuedAt,
    expires_at: expiresAt,
    client,
  });
  // Housekeeping: keep the table small. Cheap with the expires_at index.
  await deleteStaleNonces(ctx.db, issuedAt);
  return { nonce, message, expiresAt };
}

export interface LoginInput {
  address: Address;
  signature: Hex;
  /** Who asks (see issueLoginCode). */
  client: string;
  /** The nonce (getcode's `Code`) that was signed; without it, the client's own newest ones. */
  code: string | null;
  /** When given (register), must equal the chain id in the signed message. */
  chainId?: number;
  wallet: string | null;
  /** An inviter's invite code or address; recorded on first login only. */
  inviteCode: string | null;
}

export interface LoginResult {
  token: string;
  user: UserRow;
  chainId: number;
  expiresAt: Date;
}

export async function login(ctx: AuthContext, input: LoginInput): Promise<LoginResult> {
  const now = ctx.config.now();
  const address = getAddress(input.address);
  const lower = address.toLowerCase();

  const open = input.code
    ? [await openNonce(ctx.db, input.code, lower, now)].filter((n) => n !== undefined)
    : await openNoncesOfClient(ctx.db, lower, input.client, now, MAX_TRIED_NONCES);
  if (open.length === 0) throw new AppError(ErrorCode.nonceInvalid);
  const chosen = await signedNonce(ctx, address, open, input.signature);
  if (!chosen) throw new AppError(ErrorCode.badSignature);
  const current = messageIsCurrent(chosen.message, {
    origin: ctx.origin,
    address,
    chainId: chosen.chain_id,
    nonce: chosen.nonce,
    now,
  });
  if (!current) throw new AppError(ErrorCode.nonceInvalid);
  if (input.chainId !== undefined && input.chainId !== chosen.chain_id) {
    throw validationError('chainMismatch', 'chain');
  }
  const nonce = chosen;

  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        if (!(await consumeNonce(tx, nonce.nonce, now))) throw new AppError(ErrorCode.nonceInvalid);
        const existing = await findUserByAddress(tx, lower);
        const inviter = existing ? null : await resolveInviter(tx, input.inviteCode, lower);
        const user = await upsertUserOnLogin(tx, {
          address: lower,
          invite_code: existing?.invite_code ?? newInviteCode(),
          inviter,
          invited_with: existing ? null : input.inviteCode,
          wallet: input.wallet,
          now,
        });
        const token = newSessionToken();
        const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs);
        await insertSession(tx, {
          token_hash: hashToken(token),
          user_id: user.id,
          chain_id: nonce.chain_id,
          created_at: now,
          expires_at: expiresAt,
        });
        return { token, user, chainId: nonce.chain_id, expiresAt };
      });
    } catch (err) {
      // A new user's random invite code collided with another user's (about 1 in 10^12): retry.
      if (pgErrorCode(err) === '23505' && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * The nonce whose message `signature` signs for `address`: first by ecrecover (a key's signature:
 * no RPC call), then, on the chain each message names, by the account's contract (ERC-1271 /
 * ERC-6492). A chain without an RPC URL can check keys only. A chain that does not answer is 503,
 * never a guess.
 */
async function signedNonce(
  ctx: AuthContext,
  address: Address,
  open: LoginNonceRow[],
  signature: Hex,
): Promise<LoginNonceRow | undefined> {
  for (const candidate of open) {
    if (await signedByKey(address, candidate.message, signature)) return candidate;
  }
  for (const candidate of open) {
    const client = ctx.config.rpc.client(candidate.chain_id, {
      timeoutMs: ctx.config.rpcTimeoutMs,
    });
    if (!client) continue;
    try {
      if (await signedByContract(client, address, candidate.message, signature)) return candidate;
    } catch (err) {
      if (err instanceof SignatureCheckUnavailable) {
        throw new AppError(ErrorCode.unavailable, 'signatureCheckUnavailable');
      }
      throw err;
    }
  }
  return undefined;
}

/** Inviter address (lower-case) for an invite code or address; null when it names nobody else. */
async function resolveInviter(
  q: Queryable,
  code: string | null,
  self: string,
): Promise<string | null> {
  if (!code) return null;
  if (/^0x[0-9a-fA-F]{40}$/.test(code)) {
    const inviter = code.toLowerCase();
    return inviter === self ? null : inviter;
  }
  const owner = await findUserByInviteCode(q, code.toUpperCase());
  return owner && owner.address !== self ? owner.address : null;
}

/** The login info object the web stores (spec §3 loginInfo); `Token` is added by the login routes. */
export function loginInfo(user: UserRow, session: { chainId: number; expiresAt: Date }) {
  return {
    Id: user.id,
    Address: getAddress(user.address),
    InviteCode: user.invite_code,
    Inviter: user.inviter ? getAddress(user.inviter) : null,
    Wallet: user.wallet,
    ChainId: session.chainId,
    CreatedAt: user.created_at.toISOString(),
    LastLoginAt: user.last_login_at.toISOString(),
    ExpiresAt: session.expiresAt.toISOString(),
  };
}
