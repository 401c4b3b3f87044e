/**
 * The semantic operators of mutants/semantic.ts on a small contract: each yields the slip a reviewer
 * would make there, and every one of them compiles (a semantic mutant that does not compile tests
 * nothing).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMutant, compileErrors, generateMutants } from '../mutants/generate.ts';
import { semanticOperators } from '../mutants/semantic.ts';

const pool = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract Pool {
    struct Account {
        uint256 earned;
        uint256 withdrawable;
    }

    IToken public immutable token;
    uint256 public budget;
    uint256 public reserved;
    uint256 public day;
    uint256 public staked;
    mapping(address => Account) internal accounts;

    event Paid(address to, uint256 amount, uint256 fee);

    error Short();

    constructor(IToken t) {
        token = t;
    }

    function reserve(uint256 amount, uint256 fee) external {
        uint256 need = amount + fee;
        uint256 free = budget - reserved;
        if (need > free) revert Short();
        reserved += need;
    }

    function pay(address to, uint256 amount, uint256 fee) external {
        Account storage a = accounts[to];
        a.withdrawable = a.earned;
        _note(to, amount);
        token.transfer(to, amount);
        emit Paid(to, amount, fee);
    }

    function roll(uint256 today, uint256 amount) external {
        if (day == today) staked += amount;
        else (day, staked) = (today, amount);
    }

    function _note(address to, uint256 amount) internal {
        accounts[to].earned += amount;
    }
}
`;

const mutants = generateMutants({ 'Pool.sol': pool }, ['Pool.sol']);
const of = (operator: string) =>
  mutants.filter((m) => m.operator === operator).map((m) => `${m.scope}: ${m.mutated}`);

test('same-type-read: the other operand, a neighbouring local, a sibling field, the next state variable', () => {
  const reads = of('same-type-read');
  for (const expected of [
    'Pool.reserve: if (free > free) revert Short();', // the other operand
    'Pool.reserve: if (fee > free) revert Short();', // the nearest local of the type
    'Pool.reserve: if (amount > free) revert Short();',
    'Pool.reserve: uint256 free = reserved - reserved;', // the neighbouring state variable
    'Pool.pay: a.withdrawable = a.withdrawable;', // the sibling field
    'Pool.roll: if (day == amount) staked += amount;',
  ]) {
    assert.ok(reads.includes(expected), `${expected} in\n${reads.join('\n')}`);
  }
  assert.ok(!reads.some((r) => r.includes('(1)')), 'literals are not reads');
});

test('two-places: one tuple value in two places, one storage write also written elsewhere', () => {
  assert.deepEqual(of('two-places'), [
    'Pool.pay: a.withdrawable = a.earned = a.earned;',
    'Pool.roll: else (day, staked) = (amount, amount);',
    'Pool.roll: else (day, staked) = (today, today);',
  ]);
});

test('argument-swap: two arguments of the same type of a call or an event', () => {
  assert.deepEqual(of('argument-swap'), ['Pool.pay: emit Paid(to, fee, amount);']);
});

test('effect-delete: one write of a tuple assignment, a call to an internal function that writes', () => {
  assert.deepEqual(of('effect-delete'), [
    'Pool.pay: {}',
    'Pool.roll: else (, staked) = (today, amount);',
    'Pool.roll: else (day, ) = (today, amount);',
  ]);
});

test('call-before-writes: the external call moved before the writes that precede it', () => {
  const [moved] = mutants.filter((m) => m.operator === 'call-before-writes');
  assert.ok(moved);
  assert.match(
    applyMutant(pool, moved).replace(/\s+/g, ' '),
    /Account storage a = accounts\[to\]; token\.transfer\(to, amount\); a\.withdrawable = a\.earned; _note\(to, amount\); emit/,
  );
});

test('every semantic operator is exercised, and each of its mutants compiles', () => {
  const semantic = mutants.filter((m) =>
    (semanticOperators as readonly string[]).includes(m.operator),
  );
  assert.deepEqual(new Set(semantic.map((m) => m.operator)), new Set(semanticOperators));
  const noImports = (path: string) => ({ error: `File not found: ${path}` });
  for (const m of semantic) {
    assert.deepEqual(
      compileErrors({ 'Pool.sol': applyMutant(pool, m) }, noImports).messages,
      [],
      m.mutated,
    );
  }
});
