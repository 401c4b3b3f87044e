import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeErrorResult, getAbiItem, zeroAddress, type Address } from 'viem';
import { localDeployments, productionDeployments } from '@app/contracts/generated/deployments';
import { asBatchCall, contractAddress, contractCall, contractCallAt, decodeContractError } from '.';

const deployments = [...Object.values(localDeployments), ...Object.values(productionDeployments)];

test('a call by name goes to that contract of the chain, with the ABI that has the function', () => {
  assert.ok(deployments.length > 0);
  for (const deployment of deployments) {
    const cases = [
      [contractCall(deployment, { contract: 'staking', functionName: 'root' }), deployment.staking],
      [
        contractCall(deployment, { contract: 'lens', functionName: 'todayStaked' }),
        deployment.stakingLens,
      ],
      [contractCall(deployment, { contract: 'usdc', functionName: 'decimals' }), deployment.usdc],
      [contractCall(deployment, { contract: 'pair', functionName: 'token0' }), deployment.pair],
      [
        contractCall(deployment, { contract: 'rewardToken', functionName: 'decimals' }),
        deployment.rewardToken,
      ],
    ] as const;
    for (const [call, address] of cases) {
      assert.equal(call.address, address, call.functionName);
      assert.ok(getAbiItem({ abi: call.abi, name: call.functionName }), call.functionName);
      assert.deepEqual(call.args, []);
    }
    assert.equal(contractAddress(deployment, 'lens'), deployment.stakingLens);
  }
});

test('arguments are passed as given, and a batch entry names the contract as `to`', () => {
  const deployment = deployments[0]!;
  const spender = deployment.staking;
  const token: Address = '0x00000000000000000000000000000000000000aa';
  const approve = contractCallAt(token, {
    contract: 'usdc',
    functionName: 'approve',
    args: [spender, 5n],
  });
  assert.equal(approve.address, token);
  assert.deepEqual(approve.args, [spender, 5n]);
  const entry = asBatchCall(approve);
  assert.equal(entry.to, token);
  assert.equal(entry.functionName, 'approve');
  assert.deepEqual(entry.args, [spender, 5n]);
  assert.equal('address' in entry, false);
});

test("a contract's custom error is named from its revert data; other data is not", () => {
  const contract = contractCall(deployments[0]!, { contract: 'staking', functionName: 'root' });
  const data = encodeErrorResult({
    abi: contract.abi,
    errorName: 'DeadlinePassed',
    args: [1_700_000_000n],
  });
  assert.equal(decodeContractError('staking', data), 'DeadlinePassed');
  assert.equal(decodeContractError('staking', '0xdeadbeef'), undefined);
  assert.equal(decodeContractError('staking', zeroAddress), undefined);
});
