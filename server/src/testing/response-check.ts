/**
 * Checks a real /v1 response against the route's shapes in api-schema: the success envelope and
 * its data for 200, the route's other documented responses (health's 503), the error envelope for
 * every refusal. The harness's request helpers run it on every response, so every test that calls
 * an endpoint also checks what it sent against what the schema (and the OpenAPI document) promise.
 */
import assert from 'node:assert/strict';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { apiRoutes, ErrorEnvelope, Ok, type RouteShape } from '../api-schema/index.ts';

const okSchemas = new Map<string, TSchema>();

/** The schema a response of `status` to `method path` must match (undefined: not an API route). */
export function responseSchema(method: string, url: string, status: number): TSchema | undefined {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/v1/') || path === '/v1/openapi.json') return undefined;
  const key = `${method} ${path}`;
  const shape = (apiRoutes as Record<string, RouteShape | undefined>)[key];
  if (!shape) return status === 200 ? undefined : ErrorEnvelope;
  if (status === 200) {
    let ok = okSchemas.get(key);
    if (!ok) okSchemas.set(key, (ok = Ok(shape.data)));
    return ok;
  }
  return shape.otherResponses?.[status] ?? ErrorEnvelope;
}

export function assertMatchesSchema(
  method: string,
  url: string,
  status: number,
  body: unknown,
): void {
  const schema = responseSchema(method, url, status);
  if (!schema || Value.Check(schema, body)) return;
  const errors = [...Value.Errors(schema, body)]
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`);
  assert.fail(
    `${method} ${url} → ${status} does not match its schema: ${errors.join('; ')}\n${JSON.stringify(body).slice(0, 2000)}`,
  );
}
