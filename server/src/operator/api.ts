/**
 * The server's admin API as the operator uses it: Sign-In with Ethereum with the operator key
 * (getcode → personal_sign → metamasklogin), admin writes with the session Token, then logout.
 */
import type { PrivateKeyAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import type { SupportedChainId } from '@app/contracts/chains';
import { ErrorCode } from '../http/errors.ts';
import { ConfigError, OperatorError } from './errors.ts';
import type { Io } from './io.ts';

export const defaultApiUrl = 'http://localhost:8080';

/** --api, else OPERATOR_API_URL, else the local `npm start` server. */
export function apiUrlFrom(option: string | undefined, env: Io['env']): string {
  const raw = option || env.OPERATOR_API_URL || defaultApiUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`the API URL is not a URL: '${raw}'`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) {
    throw new ConfigError('the API URL must be http(s)');
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class ApiRefused extends OperatorError {
  constructor(
    readonly route: string,
    readonly code: number,
    msg: string,
  ) {
    super(
      code === ErrorCode.forbidden
        ? `the server refused ${route} (code ${code}: ${msg}): this key's address is not in the server's ADMIN_ADDRESSES`
        : `the server refused ${route} (code ${code}: ${msg})`,
    );
  }
}

export class AdminSession {
  private constructor(
    private readonly api: string,
    private readonly token: string,
    readonly address: string,
  ) {}

  /**
   * Signs in with the operator key. The message is checked before it is signed: it must be a
   * Sign-In-with-Ethereum message for this very address with the nonce the server just issued.
   */
  static async signIn(
    api: string,
    account: PrivateKeyAccount,
    chainId: SupportedChainId,
  ): Promise<AdminSession> {
    const code = await post<{ Code: string; Message: string }>(api, '/v1/user/getcode', {
      address: account.address,
      chain: String(chainId),
    });
    const siwe = parseSiweMessage(code.Message);
    if (siwe.address?.toLowerCase() !== account.address.toLowerCase() || siwe.nonce !== code.Code) {
      throw new OperatorError(
        'the server sent a sign-in message that is not for this address and nonce: not signed',
      );
    }
    const signature = await account.signMessage({ message: code.Message });
    const login = await post<{ Token: string; Address: string }>(api, '/v1/user/metamasklogin', {
      address: account.address,
      signature,
      code: code.Code,
    });
    return new AdminSession(api, login.Token, login.Address);
  }

  post<T>(route: string, fields: Record<string, string>): Promise<T> {
    return post<T>(this.api, route, fields, this.token);
  }

  /** Ends the session (best effort: the session also expires on its own). */
  async close(): Promise<void> {
    try {
      await post(this.api, '/v1/user/logout', {}, this.token);
    } catch {
      // The work is done; an unreachable logout leaves a session that expires.
    }
  }
}

/** Node's codes of a TLS certificate it does not trust (the server answered; the chain did not verify). */
const untrustedCertificate =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|CERT_UNTRUSTED|CERT_REVOKED|ERR_TLS_CERT_ALTNAME_INVALID)$/;

/**
 * Why a request got no answer. A certificate Node does not trust is named as such: it needs a
 * different fix (the certificate, or NODE_EXTRA_CA_CERTS) than a server that is down.
 */
function unreachableReason(api: string, error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  if (untrustedCertificate.test(code)) {
    return `the TLS certificate of ${api} is not trusted (${code}: ${String(cause?.message)}): give the server a certificate from a public CA, or this machine the CA that signed it with NODE_EXTRA_CA_CERTS=<ca.pem>`;
  }
  return `cannot reach the server at ${api}${code ? ` (${code})` : ''}`;
}

async function post<T>(
  api: string,
  route: string,
  fields: Record<string, string>,
  token?: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(api + route, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { Token: token } : {}),
      },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new OperatorError(unreachableReason(api, error));
  }
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new OperatorError(`${api}${route} did not answer with JSON (HTTP ${response.status})`);
  }
  if (body.code !== 0) throw new ApiRefused(route, body.code, body.msg);
  return body.data;
}
