/**
 * Where the app reads a chain: the server's read-only JSON-RPC proxy on our own origin. Its own
 * module (no viem) for the first visit's raw reads (tokenSymbol.ts).
 */
export function rpcProxyUrl(chainId: number): string {
  return `${window.location.origin}/rpc/${chainId}`;
}
