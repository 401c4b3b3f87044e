import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWagmiConfig } from './wagmi';

test('spec §9: chain reads through /rpc time out after 60000 ms, like the API', () => {
  // Just enough of a browser window for wagmi's EIP-6963 discovery to start.
  Object.assign(globalThis, {
    window: {
      location: { origin: 'http://app.test' },
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => true,
    },
  });
  const config = createWagmiConfig([]);
  for (const chainId of [1, 56]) {
    const transport = config.getClient({ chainId }).transport as { timeout?: number; url?: string };
    assert.equal(transport.timeout, 60_000);
    assert.equal(transport.url, `http://app.test/rpc/${chainId}`);
  }
});
