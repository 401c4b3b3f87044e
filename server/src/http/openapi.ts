/**
 * The OpenAPI 3.1 document, generated from the routes as Fastify registers them (collected with
 * the onRoute hook): their `schema` (querystring, params, body and response: the same TypeBox
 * schemas ajv validates with and fast-json-stringify serializes with; summary, description,
 * tags) and, for /v1, the route's entry in api-schema (who may call it). Nothing is written twice.
 */
import type { RouteOptions } from 'fastify';
import * as shapes from '../api-schema/index.ts';
import { apiRoutes, type ApiRoute, type Auth } from '../api-schema/index.ts';
import { languages } from '../i18n/index.ts';

/** Per-route documentation that is not part of validation: non-/v1 routes (the RPC proxy). */
export interface RouteDoc {
  raw?: { requestBody?: object; responses: Record<string, object> };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
  // Documentation keys next to the validation schemas (ajv ignores them).
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
    /** Left out of the document (the web app's static files). */
    hide?: boolean;
  }
}

export interface CollectedRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
  openapi?: RouteDoc;
}

/** Routes that belong in the document: every method but HEAD (implied by GET), not hidden ones. */
export function collectRoute(routes: CollectedRoute[], options: RouteOptions): void {
  const schema = options.schema as Record<string, unknown> | undefined;
  if (schema?.hide === true) return;
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    routes.push({
      method,
      url: options.url,
      schema,
      openapi: (options.config as { openapi?: RouteDoc } | undefined)?.openapi,
    });
  }
}

/**
 * Named shapes become components, referenced wherever the same schema appears: every exported
 * object schema of api-schema, matched by its JSON (TypeBox copies schemas when it composes them,
 * so identity would miss them).
 */
function componentsOf(): { schemas: Record<string, object>; names: Map<string, string> } {
  const schemas: Record<string, object> = {};
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(shapes)) {
    if (!/^[A-Z]/.test(name) || typeof value !== 'object' || value === null) continue;
    if ((value as { type?: unknown }).type !== 'object' || name.endsWith('Body')) continue;
    if (name.endsWith('Query')) continue;
    const json = JSON.stringify(value);
    if (names.has(json)) continue;
    names.set(json, name);
  }
  for (const [json, name] of names)
    schemas[name] = withRefs(JSON.parse(json), names, json) as object;
  return { schemas, names };
}

/** A JSON copy of `schema` with each named shape inside it replaced by a $ref. */
function withRefs(schema: unknown, names: Map<string, string>, self?: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s, names));
  if (typeof schema !== 'object' || schema === null) return schema;
  const json = JSON.stringify(schema);
  const name = json === self ? undefined : names.get(json);
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, names)]));
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const authOf = (route: CollectedRoute): Auth =>
  (apiRoutes as Record<string, { auth: Auth } | undefined>)[`${route.method} ${route.url}`]?.auth ??
  'none';

function parametersOf(route: CollectedRoute): object[] {
  const out: object[] = [];
  const add = (where: 'query' | 'path', schema: unknown) => {
    const s = schema as { properties?: Record<string, object>; required?: string[] } | undefined;
    for (const [name, p] of Object.entries(s?.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (s?.required ?? []).includes(name),
        schema: JSON.parse(JSON.stringify(p)),
      });
    }
  };
  add('path', route.schema?.params);
  add('query', route.schema?.querystring);
  if (route.url.startsWith('/v1/')) {
    out.push({
      name: 'Lang',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: `Language of msg and texts: ${languages.join(', ')} (default en)`,
    });
  }
  return out;
}

/** The Token header, as the security of an operation. */
const security: Record<Auth, object[]> = {
  none: [],
  // Either anonymous or signed in: the empty requirement is the anonymous alternative.
  optional: [{}, { Token: [] }],
  required: [{ Token: [] }],
  admin: [{ Token: [] }],
};

/** The refusals a route can answer, by HTTP status, each with the error envelope. */
function errorStatuses(route: CollectedRoute, auth: Auth): Record<string, string> {
  const out: Record<string, string> = {};
  if (route.schema?.querystring || route.schema?.body) {
    out['400'] = 'A field is missing or invalid (code 1001)';
  }
  if (auth !== 'none') {
    out['401'] = 'The Token is invalid or expired (code 400), or a signature failed (1002, 1003)';
  } else if (route.url.includes('login') || route.url.endsWith('/register')) {
    out['401'] = 'The signature or its nonce is invalid (code 1002, 1003)';
  }
  if (auth === 'admin') out['403'] = 'Not an admin address, or not allowed (code 1008)';
  out['404'] = 'Not found, or the chain has no deployment (code 1007)';
  if (route.method === 'POST') {
    out['413'] = 'The body is too large (code 1004)';
    out['415'] = 'The body is not application/x-www-form-urlencoded (code 1005)';
  }
  out['429'] = 'Too many requests (code 1006)';
  out['500'] = 'Server error (code 500)';
  out['503'] = 'Unavailable: the database or the chain cannot be reached (code 503)';
  return out;
}

function operationOf(route: CollectedRoute, names: Map<string, string>): object {
  const s = route.schema ?? {};
  const doc = route.openapi;
  const auth = authOf(route);
  const op: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
  };
  for (const key of ['summary', 'description', 'tags'] as const) if (s[key]) op[key] = s[key];
  const parameters = parametersOf(route);
  if (parameters.length) op.parameters = parameters;
  op.security = security[auth];
  if (doc?.raw) {
    if (doc.raw.requestBody) op.requestBody = doc.raw.requestBody;
    op.responses = doc.raw.responses;
    return op;
  }
  if (s.body) {
    op.requestBody = {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: withRefs(s.body, names) } },
    };
  }
  const response = (s.response ?? {}) as Record<string, object>;
  const json = (schema: object | undefined) => ({
    'application/json': { schema: withRefs(schema ?? shapes.ErrorEnvelope, names) },
  });
  const responses: Record<string, object> = {
    '200': { description: 'Success (code 0)', content: json(response['200']) },
  };
  for (const [status, description] of Object.entries(errorStatuses(route, auth))) {
    const schema = response[status] ?? response[`${status[0]}xx`];
    responses[status] = { description, content: json(schema) };
  }
  op.responses = responses;
  return op;
}

export function buildOpenApi(
  routes: CollectedRoute[],
  info: { title: string; version: string; serverUrl?: string },
) {
  const { schemas, names } = componentsOf();
  const paths: Record<string, Record<string, object>> = {};
  const sorted = [...routes].sort((a, b) =>
    a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url),
  );
  for (const route of sorted) {
    const p = (paths[toOpenApiPath(route.url)] ??= {});
    p[route.method.toLowerCase()] = operationOf(route, names);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Requests under /v1 send application/x-www-form-urlencoded bodies and the Token and Lang headers; every response is {code, msg, data} with code 0 for success. code 400 means the session is invalid.',
    },
    servers: [
      {
        url: info.serverUrl ?? '/',
        description: 'This server (the web app and the API share one origin)',
      },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Token',
          description:
            'Session token from /v1/user/metamasklogin or /v1/index/register; admin routes need an address on the admin allowlist',
        },
      },
    },
  };
}

/** Every /v1 route api-schema defines (the tests check each is registered). */
export const apiRouteKeys = Object.keys(apiRoutes) as ApiRoute[];
