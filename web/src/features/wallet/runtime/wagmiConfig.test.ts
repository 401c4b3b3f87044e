import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWagmiConfig } from './wagmiConfig';

test('spec §9: chain reads time out after 60000 ms, like the API, through the fallback list', () => {
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
    const transport = config.getClient({ chainId }).transport as { timeout?: number; key: string };
    assert.equal(transport.key, 'reads');
    assert.equal(transport.timeout, 60_000);
  }
});
