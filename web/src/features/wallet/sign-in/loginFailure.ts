/**
 * What the user reads when sign-in fails. A server that answered with its own message (already in
 * the user's language: the request carries `Lang`) says why: a smart account whose check could not
 * reach the chain (503), too many attempts (429), a refused signature. Anything else (the wallet
 * refused, no answer at all) gets `fallback`, the generic "Login failed".
 */
export function loginFailureMessage(error: unknown, fallback: string): string {
  // An ApiError (shared/api.ts) carries the server's envelope as `body`; read by shape, so this
  // module stays free of the request code.
  const msg = (error as { body?: { msg?: unknown } } | null | undefined)?.body?.msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : fallback;
}
