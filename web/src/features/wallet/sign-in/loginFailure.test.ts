import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../../shared/api';
import { loginFailureMessage } from './loginFailure';

const FALLBACK = 'Login failed';

test("a server's refusal shows the server's translated message, not 'Login failed'", () => {
  // What the server answers (HTTP 503, in the Lang asked) when a smart account's signature could
  // not be checked because its chain did not answer (server/src/i18n/messages.ts).
  const msg =
    'Impossible de joindre le réseau pour vérifier la signature de votre compte intelligent. Veuillez réessayer plus tard.';
  const unavailable = new ApiError(msg, { code: 503, msg });
  assert.equal(loginFailureMessage(unavailable, FALLBACK), msg);
  assert.equal(
    loginFailureMessage(new ApiError('x', { code: 1006, msg: 'Too many requests' }), FALLBACK),
    'Too many requests',
  );
});

test("no server message (transport error, wallet refusal, empty msg) gives 'Login failed'", () => {
  assert.equal(loginFailureMessage(new ApiError('HTTP 503', undefined), FALLBACK), FALLBACK);
  assert.equal(loginFailureMessage(new ApiError('x', { code: 503, msg: ' ' }), FALLBACK), FALLBACK);
  assert.equal(
    loginFailureMessage(Object.assign(new Error('User rejected'), { code: 4001 }), FALLBACK),
    FALLBACK,
  );
  assert.equal(loginFailureMessage(undefined, FALLBACK), FALLBACK);
});
