/**
 * One upstream JSON-RPC exchange of the /rpc proxy, its answer read as a stream with a size cap:
 * past `maxBytes` the read stops and the connection is dropped, so a call that makes the node answer
 * hundreds of MB (a block of full transactions, a call returning megabytes) costs this process at
 * most `maxBytes`, never the whole answer.
 */

export type UpstreamOutcome =
  /** The provider answered (HTTP 2xx, JSON): its parsed body. */
  | { kind: 'answer'; body: unknown }
  /** The answer was over the cap: the calls asked too much (not the provider's fault). */
  | { kind: 'tooLarge' }
  /** The provider refused the load (HTTP 429): ours to slow down, not a dead provider. */
  | { kind: 'busy' }
  /** Refused, timed out, an HTTP error, not JSON. */
  | { kind: 'failed' };

export async function postCapped(
  url: string,
  body: string,
  options: { timeoutMs: number; maxBytes: number },
): Promise<UpstreamOutcome> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: abort.signal,
    });
    if (res.status === 429) return { kind: 'busy' };
    if (!res.ok || !res.body) return { kind: 'failed' };
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > options.maxBytes) return { kind: 'tooLarge' };
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        chunks.length = 0;
        return { kind: 'tooLarge' };
      }
      chunks.push(value);
    }
    return { kind: 'answer', body: JSON.parse(Buffer.concat(chunks, size).toString('utf8')) };
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(timer);
    // Drops the connection of an answer not read to its end (over the cap): nothing more arrives.
    abort.abort();
  }
}
