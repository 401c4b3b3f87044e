import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localDailyRate } from '@app/contracts/local';
import { dailyRateFor, dailyShareOf, priceOfWholeCoin } from '@app/contracts/rates';
import { parseOptions } from './args.ts';
import { chainOptions, rpcUrlFor, targetFrom } from './context.ts';
import { UsageError } from './errors.ts';
import { dailyPercent } from './format.ts';
import {
  parseAddress,
  parseAmount,
  parseBps,
  parseCount,
  parsePercent,
  parseTime,
} from './values.ts';

const usage = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof UsageError && message.test(e.message));

describe('operator input in human units', () => {
  it("converts amounts with the token's decimals, exactly", () => {
    assert.equal(parseAmount('100.5', 6, 'a'), 100_500_000n);
    assert.equal(parseAmount('0.000001', 6, 'a'), 1n);
    assert.equal(parseAmount('1.50', 6, 'a'), 1_500_000n);
    assert.equal(parseAmount('0.000000000000000001', 18, 'a'), 1n);
    assert.equal(parseAmount('2000', 18, 'a'), 2000n * 10n ** 18n);
  });

  it('refuses negative, zero, malformed and over-precise amounts instead of rounding', () => {
    usage(() => parseAmount('-5', 6, '--amount'), /must not be negative/);
    usage(() => parseAmount('0', 6, '--amount'), /greater than 0/);
    usage(() => parseAmount('0.0000001', 6, '--amount'), /more decimal places than the token's 6/);
    usage(() => parseAmount('1.0000000000000000001', 18, '--amount'), /token's 18/);
    for (const bad of ['1e6', '1,000', '', '.5', '5.', '0x10', 'ten', '1 000', '+1']) {
      usage(() => parseAmount(bad, 6, '--amount'), /decimal number/);
    }
  });

  it('reads percent and basis points exactly', () => {
    assert.deepEqual(parsePercent('0.5', 'p'), { numerator: 5n, denominator: 1000n });
    assert.deepEqual(parsePercent('0.5%', 'p'), { numerator: 5n, denominator: 1000n });
    usage(() => parsePercent('0', 'p'), /greater than 0/);
    assert.equal(parseBps('150', 'v'), 150n);
    assert.equal(parseBps('1.5%', 'v'), 150n);
    assert.equal(parseBps('0%', 'v'), 0n);
    usage(() => parseBps('1.555%', 'v'), /whole number of basis points/);
    usage(() => parseBps('1.5', 'v'), /whole number/);
  });

  it('checks counts and addresses (EIP-55 checksum when mixed case)', () => {
    assert.equal(parseCount('42', 'n'), 42n);
    usage(() => parseCount('-1', 'n'), /negative/);
    usage(() => parseCount('1.5', 'n'), /whole number/);
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    assert.equal(parseAddress(address.toLowerCase(), 'to'), address);
    usage(() => parseAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79C8', 'to'), /checksum/);
    usage(() => parseAddress('0x1234', 'to'), /not an address/);
    usage(() => parseAddress(`0x${'0'.repeat(40)}`, 'to'), /zero address/);
  });

  it('reads times as now, UTC dates, zoned date-times or +durations', () => {
    const now = 1_800_000_000n;
    assert.equal(parseTime('now', 't', { now }), now);
    assert.equal(parseTime('2030-01-01', 't', { now }), 1_893_456_000n);
    assert.equal(parseTime('2030-01-01T01:00+01:00', 't', { now }), 1_893_456_000n);
    assert.equal(parseTime('+30d', 't', { now, base: 100n }), 100n + 30n * 86_400n);
    assert.equal(parseTime('+12h', 't', { now }), now + 12n * 3600n);
    usage(() => parseTime('2030-01-01T12:00', 't', { now }), /with a zone/);
    assert.equal(parseTime('2028-02-29', 't', { now }), 1_835_395_200n);
    for (const bad of ['2030-02-31', '2030-13-01', '2030-01-01T24:00Z', '2030-01-01T12:60Z']) {
      usage(() => parseTime(bad, 't', { now }), /not a valid date/);
    }
    usage(() => parseTime('tomorrow', 't', { now }), /now/);
  });

  it('turns a percent a day at a pool price into the same rate the local deployment uses', () => {
    // 1,000 coins : 3,000,000 USDC is the seeded local pool; 0.5% a day is local plan 0.
    for (const usdcDecimals of [6, 18]) {
      const pool = {
        usdcReserve: 3_000_000n * 10n ** BigInt(usdcDecimals),
        rewardReserve: 1000n * 10n ** 18n,
      };
      const rate = dailyRateFor(parsePercent('0.5', 'p'), pool);
      assert.equal(rate, localDailyRate(50, usdcDecimals));
      assert.equal(dailyPercent(rate, pool), '0.5%');
      assert.equal(dailyShareOf(rate, pool, 10_000n), 49n); // rounded down: 49.99… bps
    }
    // A price given in USDC per coin means the same as reserves in that ratio.
    assert.equal(
      dailyRateFor({ numerator: 8n, denominator: 1000n }, priceOfWholeCoin(3000n * 10n ** 6n, 18)),
      localDailyRate(80, 6),
    );
  });
});

describe('operator options', () => {
  const specs = [
    { name: 'amount', value: 'n', multiple: true, help: '' },
    { name: 'to', value: 'a', help: '' },
    { name: 'yes', help: '' },
  ];

  it('accepts --name value, --name=value, flags and repeated options in order', () => {
    const o = parseOptions(['--amount', '1', '--amount=2', '--yes', '--to', 'x'], specs);
    assert.deepEqual(o.list('amount'), ['1', '2']);
    assert.equal(o.optional('to'), 'x');
    assert.equal(o.flag('yes'), true);
  });

  it('refuses unknown options, stray words, missing and repeated values', () => {
    usage(() => parseOptions(['--amout', '1'], specs), /unknown option --amout/);
    usage(() => parseOptions(['send'], specs), /unexpected argument 'send'/);
    usage(() => parseOptions(['--to'], specs), /--to needs a value/);
    usage(() => parseOptions(['--to', '--yes'], specs), /--to needs a value/);
    usage(() => parseOptions(['--to', 'a', '--to', 'b'], specs), /more than once/);
    usage(() => parseOptions(['--yes=1'], specs), /takes no value/);
    // A negative value reaches the command, which says what is wrong with it.
    assert.deepEqual(parseOptions(['--amount', '-5'], specs).list('amount'), ['-5']);
  });

  it('takes the primary of an RPC_URL_<chainId> list (the servers read the whole list)', () => {
    const options = parseOptions(['--deployment', 'production', '--network', 'ETH'], chainOptions);
    const target = targetFrom(options);
    const env = { RPC_URL_1: 'https://primary.example/KEY, https://backup.example/KEY' };
    assert.equal(rpcUrlFor(target, options, env), 'https://primary.example/KEY');
    assert.equal(
      rpcUrlFor(
        target,
        parseOptions(['--network', 'ETH', '--rpc', 'http://x.example'], chainOptions),
        env,
      ),
      'http://x.example',
    );
  });
});
