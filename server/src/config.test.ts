import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { networks } from '@app/contracts/chains';
import { configFromEnv, deriveOrigin, resolveConfig } from './config.ts';
import { startServer } from './start.ts';
import { tempDir } from './testing/harness.ts';

describe('config', () => {
  it('reads the environment', () => {
    const config = configFromEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      [`RPC_URL_${networks.BSC.chainId}`]: 'http://bsc.example',
      DEPLOYMENT: 'production',
      DEPLOYMENT_FILE: '/srv/production.json',
      WEB_DIST: '/srv/web',
      APP_ORIGIN: 'https://app.example',
      LOGIN_RATE_LIMIT: '30',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.databaseUrl, 'postgres://db/app');
    assert.deepEqual(config.rpcUrls, { [networks.BSC.chainId]: ['http://bsc.example'] });
    assert.equal(config.deployment, 'production');
    assert.equal(config.deploymentFile, '/srv/production.json');
    assert.equal(config.webDist, '/srv/web');
    assert.equal(config.appOrigin, 'https://app.example');
    assert.equal(config.loginRateLimit?.max, 30);
    const defaults = resolveConfig(configFromEnv({}));
    assert.equal(defaults.port, 3000);
    assert.equal(defaults.deployment, 'local');
    assert.equal(defaults.databaseUrl, undefined);
    assert.match(defaults.pgliteDir, /\.data[/\\]pglite$/);
    assert.equal(defaults.nonceTtlMs, 5 * 60_000);
  });

  it('reads the admin allowlist and the write limit', () => {
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const config = resolveConfig(
      configFromEnv({ ADMIN_ADDRESSES: ` ${a}, ${a.toLowerCase()},`, WRITE_RATE_LIMIT: '5' }),
    );
    assert.deepEqual(config.adminAddresses, [a.toLowerCase()]);
    assert.equal(config.writeRateLimit.max, 5);
    assert.deepEqual(resolveConfig(configFromEnv({})).adminAddresses, []);
    assert.throws(() => configFromEnv({ ADMIN_ADDRESSES: 'alice' }), /ADMIN_ADDRESSES/);
  });

  it('reads RPC providers as an ordered list, from the environment or from RPC_URLS_FILE', async () => {
    const list = configFromEnv({ RPC_URL_1: ' https://a.example/KEY , http://b.example:8545 ' });
    assert.deepEqual(list.rpcUrls, { 1: ['https://a.example/KEY', 'http://b.example:8545'] });
    const dir = await tempDir('rpc-file-');
    try {
      const file = path.join(dir, 'env');
      fs.writeFileSync(
        file,
        [
          '# the env file itself: only the RPC_URL_<chainId> lines are read',
          'APP_NAME="Honest Stake"',
          'export RPC_URL_1="https://a.example/KEY,https://b.example/KEY"',
          "RPC_URL_56='https://bsc.example/KEY'",
          'RPC_URL=https://one-off.example',
        ].join('\n'),
      );
      const fromFile = configFromEnv({ RPC_URLS_FILE: file, RPC_URL_1: 'http://ignored.example' });
      assert.deepEqual(fromFile.rpcUrls, {
        1: ['https://a.example/KEY', 'https://b.example/KEY'],
        56: ['https://bsc.example/KEY'],
      });
      assert.equal(fromFile.rpcUrlsFile, file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Refused, and the message shows no provider key (only the host).
    assert.throws(
      () => configFromEnv({ RPC_URL_1: 'ws://a.example/KEY' }),
      (err: Error) => {
        assert.match(
          err.message,
          /RPC_URL_1: an RPC URL must be http:\/\/ or https:\/\/, not ws:\/\/ \('a\.example'\)/,
        );
        return true;
      },
    );
    assert.throws(
      () => configFromEnv({ RPC_URL_1: 'http://a.example,http://a.example' }),
      /listed twice/,
    );
  });

  it('refuses bad values', () => {
    assert.throws(() => configFromEnv({ DEPLOYMENT: 'staging' }), /DEPLOYMENT/);
    assert.throws(() => configFromEnv({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => configFromEnv({ RPC_URL_137: 'http://x' }), /137/);
  });

  it('derives the SIWE origin from the listening address', () => {
    assert.equal(deriveOrigin('0.0.0.0', 3000), 'http://127.0.0.1:3000');
    assert.equal(deriveOrigin('127.0.0.1', 3000), 'http://127.0.0.1:3000');
    assert.equal(deriveOrigin('10.0.0.5', 80), 'http://10.0.0.5:80');
    assert.equal(deriveOrigin('fd00::1', 80), 'http://[fd00::1]:80');
  });

  it('fails to start on an invalid appOrigin before opening the database', async () => {
    await assert.rejects(
      startServer({
        port: 0,
        rpcUrls: {},
        deployment: 'local',
        appOrigin: 'not a url',
        pgliteDir: '/nonexistent/never-created',
      }),
      /Invalid URL/,
    );
  });
});
