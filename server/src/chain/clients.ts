/** Read-only viem clients of the configured chains (one per RPC URL, made on first use). */
import { createPublicClient, http, type PublicClient } from 'viem';

const clients = new Map<string, PublicClient>();

export function readClient(rpcUrl: string, timeoutMs: number): PublicClient {
  const key = `${rpcUrl}|${timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({
      transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
    }) as PublicClient;
    clients.set(key, client);
  }
  return client;
}
