import { currentLanguage, t } from '../i18n/translate';
import { reportReachable, reportUnreachable } from './connectivity';
import { standalone } from './deployment';
import { takePrefetched } from './prefetch';
import { clearSession, getToken } from './session';
import { toast } from './ui/toast';

import type { ApiRoute, DataOf } from '@app/server/api-schema';

export const API_TIMEOUT_MS = 60000;

/** Every server answer: `{code, msg, data}`; code 0 (or no code) is success. */
export interface ApiEnvelope<T = unknown> {
  code?: number;
  msg?: string;
  data?: T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    /** The server's body, or undefined for a transport error. */
    readonly body: ApiEnvelope | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Toast the server's message (or the transport error) on failure. Default true. */
  toast?: boolean;
  signal?: AbortSignal;
}

type Params = Record<string, string | number | boolean | null | undefined>;

let loggingOut = false;

function encode(params: Params | undefined): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}))
    if (value !== undefined && value !== null) body.append(key, String(value));
  return body.toString();
}

/** Session invalid (code 400): log out once and relaunch at home. */
function logoutOnce(): void {
  if (loggingOut) return;
  loggingOut = true;
  clearSession();
  window.location.replace(`${window.location.pathname}${window.location.search}#/`);
  window.location.reload();
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params?: Params,
  options: RequestOptions = {},
): Promise<T> {
  // The standalone build has no operator server (issue 18 §3): nothing is asked, nothing toasts, and
  // the page that wanted it says it needs the operator's server.
  if (standalone) throw new ApiError(t('standalone.needsServerShort'), undefined);
  const showToast = options.toast !== false;
  const query = encode(params);
  const url = method === 'GET' || method === 'DELETE' ? (query ? `${path}?${query}` : path) : path;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), API_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  let body: ApiEnvelope<T>;
  let answered = false;
  try {
    const token = getToken();
    // An anonymous read the boot script already started (shared/prefetch.ts) is not asked twice.
    const prefetched = method === 'GET' && !token ? takePrefetched(url) : undefined;
    const response = await (prefetched ??
      fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Token: token,
          Lang: currentLanguage(),
        },
        body: method === 'POST' || method === 'PUT' ? query : undefined,
        signal: controller.signal,
      }));
    answered = true;
    if (response.status >= 502 && response.status <= 504) reportUnreachable();
    else reportReachable();
    const text = await response.text();
    try {
      body = (text ? JSON.parse(text) : {}) as ApiEnvelope<T>;
    } catch {
      throw new Error(response.ok ? 'Invalid response' : `HTTP ${response.status}`);
    }
  } catch (error) {
    // A transport failure (not the caller cancelling) means the server cannot be reached.
    if (!answered && !options.signal?.aborted) reportUnreachable();
    const message = controller.signal.aborted ? t('errors.timeout') : t('errors.network');
    if (showToast) toast(message);
    throw new ApiError(error instanceof Error ? error.message : message, undefined);
  } finally {
    clearTimeout(timer);
  }

  if (body.code === undefined || body.code === 0) return body.data as T;
  if (body.code === 400) logoutOnce();
  const message = body.msg || t('errors.request');
  if (showToast) toast(message);
  throw new ApiError(message, body);
}

export const api = {
  get: <T>(path: string, params?: Params, options?: RequestOptions) =>
    request<T>('GET', path, params, options),
  post: <T>(path: string, params?: Params, options?: RequestOptions) =>
    request<T>('POST', path, params, options),
};

/** A GET route of the API schema ('GET /v1/index/home', ...). */
export type GetRoute = Extract<ApiRoute, `GET ${string}`>;

/**
 * GET one route of the API schema: the path comes from the route's name and the result is typed by
 * the route's own `data` schema (server/src/api-schema/routes.ts), so a page cannot read a shape
 * the server does not send.
 */
export function apiGet<R extends GetRoute>(
  route: R,
  query?: Params,
  options?: RequestOptions,
): Promise<DataOf<R>> {
  return request<DataOf<R>>('GET', routePath(route), query, options);
}

/** The path of a route name: 'GET /v1/index/home' → '/v1/index/home'. */
export const routePath = (route: GetRoute): string => route.slice('GET '.length);
