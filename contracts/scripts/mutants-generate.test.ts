/**
 * The mutant generator (mutants/generate.ts) on a small contract: each operator yields exactly the
 * mutants a reader expects, so the generated run cannot silently shrink to nothing (a generator that
 * found no storage write or no comparison would make every score 100%).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyMutant,
  compileErrors,
  generateMutants,
  mechanicalOperators,
} from '../mutants/generate.ts';

const vault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A vault — its comments have “non-ASCII” text, so solc's byte offsets and string indices differ.
contract Vault {
    struct Entry {
        uint256 amount;
    }

    uint256 public constant LIMIT = 7;
    address public owner;
    uint256 public total;
    bool public paused;
    mapping(address => Entry) internal entries;

    event Added(address user, uint256 amount);

    error Zero();

    modifier onlyOwner() {
        if (msg.sender != owner) revert Zero();
        _;
    }

    modifier whenNotPaused() {
        require(!paused, "paused");
        _;
    }

    function add(uint256 amount) external onlyOwner whenNotPaused {
        if (amount == 0) revert Zero();
        Entry storage e = _entry();
        e.amount += amount;
        total = total - amount;
        emit Added(msg.sender, amount);
    }

    function sum(uint256[2] memory values) external pure returns (uint256 s) {
        for (uint256 i = 0; i < values.length; ++i) {
            s += values[i];
        }
    }

    function _entry() internal view returns (Entry storage e) {
        e = entries[msg.sender];
    }
}
`;

// The semantic operators have their own snippet (mutants-semantic.test.ts).
const mutants = generateMutants({ 'Vault.sol': vault }, ['Vault.sol']).filter((m) =>
  (mechanicalOperators as string[]).includes(m.operator),
);
const of = (operator: string) =>
  mutants.filter((m) => m.operator === operator).map((m) => `${m.scope}: ${m.mutated}`);

test('storage-write: removes writes to state and through storage pointers, not re-pointing or locals', () => {
  assert.deepEqual(of('storage-write'), ['Vault.add: {}', 'Vault.add: {}']);
  assert.deepEqual(
    mutants.filter((m) => m.operator === 'storage-write').map((m) => m.original),
    ['e.amount += amount;', 'total = total - amount;'],
  );
});

test('comparison: flips == and !=, moves the boundary of < (a loop condition included)', () => {
  assert.deepEqual(of('comparison'), [
    'Vault.onlyOwner: if (msg.sender == owner) revert Zero();',
    'Vault.add: if (amount != 0) revert Zero();',
    'Vault.sum: for (uint256 i = 0; i <= values.length; ++i) {',
  ]);
});

test('revert-false: the condition of each if-revert and of each require', () => {
  assert.deepEqual(of('revert-false'), [
    'Vault.onlyOwner: if (false) revert Zero();',
    'Vault.whenNotPaused: require(true, "paused");',
    'Vault.add: if (false) revert Zero();',
  ]);
});

test('arithmetic: swaps + and -, += and -=, but not a for loop step', () => {
  assert.deepEqual(of('arithmetic'), [
    'Vault.add: e.amount -= amount;',
    'Vault.add: total = total + amount;',
    'Vault.sum: s -= values[i];',
  ]);
});

test('constant: zero and off-by-one for a literal, 1 for a zero, never an array length in a type', () => {
  assert.deepEqual(of('constant'), [
    'Vault.LIMIT: uint256 public constant LIMIT = 0;',
    'Vault.LIMIT: uint256 public constant LIMIT = (7 + 1);',
    'Vault.add: if (amount == 1) revert Zero();',
    'Vault.sum: for (uint256 i = 1; i < values.length; ++i) {',
  ]);
});

test('modifier and emit: each guard modifier and each emission removed', () => {
  assert.deepEqual(of('modifier'), [
    'Vault.add: function add(uint256 amount) external whenNotPaused {',
    'Vault.add: function add(uint256 amount) external onlyOwner {',
  ]);
  assert.deepEqual(of('emit'), ['Vault.add: {}']);
});

test('every mechanical operator is exercised, and each of its mutants compiles and changes the text', () => {
  assert.deepEqual(new Set(mutants.map((m) => m.operator)), new Set(mechanicalOperators));
  const noImports = (path: string) => ({ error: `File not found: ${path}` });
  for (const m of mutants) {
    const text = applyMutant(vault, m);
    assert.notEqual(text, vault);
    assert.deepEqual(compileErrors({ 'Vault.sol': text }, noImports).messages, [], m.mutated);
  }
  assert.equal(new Set(mutants.map((m) => m.key)).size, mutants.length, 'keys are unique');
});
