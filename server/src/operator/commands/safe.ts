/**
 * safe, safe:sign, safe:exec — the Staking owner as a Safe: show the Safe, add an owner's
 * signature to a Safe transaction file written by `--safe-sign`, and execute it once the Safe's
 * threshold of owner signatures is met. Before anything is sent, every signature is checked
 * (recovered signer = the owner it claims, an owner of the Safe), the nonce is the Safe's next one,
 * and the first call is dry-run from the Safe, so a refusal comes back as the contract's error name.
 */
import {
  decodeFunctionData,
  getAddress,
  isAddressEqual,
  parseEventLogs,
  recoverTypedDataAddress,
  type Abi,
} from 'viem';
import { stakingAbi, usdcAbi, wethAbi } from '@app/contracts/generated';
import {
  execTransactionArgs,
  proxyFactoryAbi,
  safeAbi,
  safeAddresses,
  safeSetupData,
  safeSingletonFor,
  safeTxTypedData,
} from '@app/contracts/safe';
import { openChain, openWriter, type Command, type CommandInput } from '../command.ts';
import { operatorAccount, targetFrom, walletFor, type ChainContext } from '../context.ts';
import { ConfigError, OperatorError, UsageError, describeFailure } from '../errors.ts';
import { fields, toJson } from '../format.ts';
import { requireConfirmation } from '../io.ts';
import {
  checkedHash,
  readSafe,
  readSafeTxFile,
  safeTxOf,
  signSafeTx,
  writeJson,
  type SafeInfo,
  type SafeTxFile,
} from '../safe.ts';
import { sendSteps, stakingEvents } from '../transact.ts';
import { parseAddress, parseCount } from '../values.ts';

/** Every contract an owner command calls, to name a call and decode its refusal. */
const knownAbi = [...stakingAbi, ...usdcAbi, ...wethAbi] as Abi;

export const safeShow: Command = {
  name: 'safe',
  summary: "a Safe's owners, threshold and nonce (e.g. the Safe that owns Staking)",
  kind: 'read',
  options: [{ name: 'safe', value: 'address', help: 'the Safe' }],
  examples: ['safe --network ETH --deployment production --safe 0x…'],
  async run(input) {
    const address = parseAddress(input.options.required('safe'), '--safe');
    const ctx = await openChain(input);
    const info = await readSafe(ctx, address);
    if (input.options.flag('json')) {
      input.io.out(toJson({ network: ctx.network.key, chainId: ctx.network.chainId, ...info }));
      return 0;
    }
    input.io.out(
      fields([
        ['Safe', info.address],
        ['threshold', `${info.threshold} of ${info.owners.length} owners`],
        ...info.owners.map((o, i) => [`owner ${i + 1}`, o] as const),
        ['nonce', info.nonce.toString()],
      ]),
    );
    return 0;
  },
};

export const safeCreate: Command = {
  name: 'safe:create',
  summary:
    'create a Safe account (Safe v1.4.1, canonical proxy factory) with owners and a threshold',
  kind: 'safe',
  options: [
    { name: 'owner', value: 'address', multiple: true, help: 'an owner (repeat for each)' },
    { name: 'threshold', value: 'count', help: 'owner signatures each transaction needs' },
    {
      name: 'salt-nonce',
      value: 'count',
      help: 'for a second Safe with the same owners (default 0)',
    },
  ],
  examples: [
    'safe:create --network ETH --deployment production --owner 0x… --owner 0x… --owner 0x… --threshold 2',
  ],
  notes: [
    "The same as creating it in the Safe app: Safe's own contracts at their canonical addresses.",
    'The key only pays the gas; it has no right over the Safe unless it is one of the owners.',
  ],
  async run(input) {
    const owners = input.options.list('owner').map((o) => parseAddress(o, '--owner'));
    const threshold = parseCount(input.options.required('threshold'), '--threshold');
    const saltNonce = parseCount(input.options.optional('salt-nonce') ?? '0', '--salt-nonce');
    if (owners.length === 0) throw new UsageError('--owner is required (repeat it for each owner)');
    if (new Set(owners).size !== owners.length) throw new UsageError('an --owner is given twice');
    if (threshold < 1n || threshold > BigInt(owners.length)) {
      throw new UsageError(`--threshold must be 1..${owners.length} (the number of owners)`);
    }
    const run = await openWriter(input);
    const { ctx } = run;
    const singleton = safeSingletonFor(ctx.network.chainId);
    for (const address of [safeAddresses.proxyFactory, singleton, safeAddresses.fallbackHandler]) {
      if (!(await ctx.client.getCode({ address }))) {
        throw new OperatorError(
          `no Safe contract at ${address} on ${ctx.network.key}: nothing was sent`,
        );
      }
    }
    const [receipt] = await sendSteps(run, [
      {
        title: `Create a Safe: ${threshold} of ${owners.length} owners`,
        contract: 'SafeProxyFactory',
        address: safeAddresses.proxyFactory,
        abi: proxyFactoryAbi,
        functionName: 'createProxyWithNonce',
        args: [singleton, safeSetupData(owners, threshold), saltNonce],
        details: [
          ...owners.map((o, i) => [`owner ${i + 1}`, o] as const),
          ['threshold', `${threshold} of ${owners.length}`],
          ['singleton', `${singleton} (Safe v1.4.1)`],
        ],
      },
    ]);
    const [created] = parseEventLogs({
      abi: proxyFactoryAbi,
      eventName: 'ProxyCreation',
      logs: receipt!.logs,
    });
    if (!created) throw new OperatorError('the proxy factory created no Safe');
    input.io.out(`safe=${getAddress(created.args.proxy)}`);
    return 0;
  },
};

/** Opens a Safe transaction file on its chain: right network, right hash, the Safe's next nonce. */
async function openSafeTx(input: CommandInput, file: SafeTxFile) {
  const target = targetFrom(input.options);
  if (target.network.chainId !== file.chainId) {
    throw new UsageError(
      `the file is for chain ${file.chainId} (${file.network}), not --network ${target.network.key}`,
    );
  }
  const ctx = await openChain(input);
  const info = await readSafe(ctx, getAddress(file.safe));
  const tx = safeTxOf(file);
  const hash = await checkedHash(ctx, info.address, tx);
  if (hash !== file.safeTxHash) {
    throw new OperatorError(
      `the file's calls hash to ${hash}, not the safeTxHash ${file.safeTxHash} it names: it was changed after signing`,
    );
  }
  if (tx.nonce !== info.nonce) {
    throw new OperatorError(
      tx.nonce < info.nonce
        ? `the Safe's nonce is ${info.nonce}: this transaction (nonce ${tx.nonce}) was executed or replaced already`
        : `the Safe's nonce is ${info.nonce}: execute the Safe's earlier transactions first (this one is nonce ${tx.nonce})`,
    );
  }
  return { ctx, info, tx };
}

function describeCalls(file: SafeTxFile): (readonly [string, string])[] {
  return file.calls.map((c, i) => [`call ${i + 1}`, `${c.title} (${c.contract}.${c.function})`]);
}

export const safeSign: Command = {
  name: 'safe:sign',
  summary: "add OPERATOR_PRIVATE_KEY's owner signature to a Safe transaction file",
  kind: 'safe',
  options: [
    { name: 'file', value: 'file', help: 'a file written by --safe-sign (or safe:sign)' },
    { name: 'out', value: 'file', help: 'where to write the file with this signature' },
  ],
  examples: [
    'safe:sign --network ETH --deployment production --file fee.alice.json --out fee.bob.json',
  ],
  notes: ['Each owner signs on their own machine; the files are then given to safe:exec together.'],
  async run(input) {
    const file = await readSafeTxFile(input.options.required('file'));
    const out = input.options.required('out');
    const account = operatorAccount(targetFrom(input.options).deployment, input.io.env);
    const { ctx, info } = await openSafeTx(input, file);
    input.io.out(
      fields([
        ['Safe', `${info.address} (${info.threshold} of ${info.owners.length})`],
        ['safeTxHash', file.safeTxHash],
        ['nonce', info.nonce.toString()],
        ...describeCalls(file),
        ['signer', account.address],
      ]),
    );
    const signed = await signSafeTx(ctx, file, info, account);
    await writeJson(out, signed);
    input.io.out(`wrote ${out}: ${signed.signatures.length} of ${info.threshold} signatures`);
    return 0;
  },
};

/** The distinct owner signatures of the files, each checked against its claimed signer. */
async function ownerSignatures(ctx: ChainContext, info: SafeInfo, files: SafeTxFile[]) {
  const typed = safeTxTypedData(info.address, ctx.network.chainId, safeTxOf(files[0]!));
  const bySigner = new Map<string, SafeTxFile['signatures'][number]>();
  for (const s of files.flatMap((f) => f.signatures)) {
    const recovered = await recoverTypedDataAddress({ ...typed, signature: s.signature });
    if (!isAddressEqual(recovered, s.signer)) {
      throw new OperatorError(`the signature said to be ${s.signer}'s was made by ${recovered}`);
    }
    if (!info.owners.some((o) => isAddressEqual(o, s.signer))) {
      throw new OperatorError(`${s.signer} is not an owner of the Safe ${info.address}`);
    }
    bySigner.set(getAddress(s.signer), s);
  }
  return [...bySigner.values()];
}

export const safeExec: Command = {
  name: 'safe:exec',
  summary: 'execute a Safe transaction once enough owners signed it (the key only pays gas)',
  kind: 'safe',
  options: [
    {
      name: 'file',
      value: 'file',
      multiple: true,
      help: 'signed files of the same Safe transaction (repeat --file for each)',
    },
  ],
  examples: [
    'safe:exec --network ETH --deployment production --file fee.alice.json --file fee.bob.json',
  ],
  notes: [
    'Any funded key can execute (OPERATOR_PRIVATE_KEY); it needs no rights: the owners',
    "signatures are what the Safe checks. Nothing is sent with fewer than the Safe's threshold.",
  ],
  async run(input) {
    const names = input.options.list('file');
    if (names.length === 0) throw new UsageError('--file is required');
    const files = await Promise.all(names.map(readSafeTxFile));
    if (files.some((f) => f.safeTxHash !== files[0]!.safeTxHash)) {
      throw new ConfigError('the files are of different Safe transactions (safeTxHash differs)');
    }
    const executor = operatorAccount(targetFrom(input.options).deployment, input.io.env);
    const { ctx, info, tx } = await openSafeTx(input, files[0]!);
    const signatures = await ownerSignatures(ctx, info, files);
    input.io.out(
      fields([
        ['Safe', `${info.address} (${info.threshold} of ${info.owners.length} owners)`],
        ['safeTxHash', files[0]!.safeTxHash],
        ['nonce', info.nonce.toString()],
        ...describeCalls(files[0]!),
        ['signed by', signatures.map((s) => s.signer).join(', ') || 'nobody'],
        ['executor', `${executor.address} (pays the gas)`],
      ]),
    );
    if (BigInt(signatures.length) < info.threshold) {
      throw new OperatorError(
        `${signatures.length} of ${info.threshold} owner signatures: the Safe requires ${info.threshold}; nothing was sent`,
      );
    }
    const first = files[0]!.calls[0]!;
    try {
      const call = decodeFunctionData({ abi: knownAbi, data: first.data });
      await ctx.client.simulateContract({
        account: info.address,
        address: first.to,
        abi: knownAbi,
        functionName: call.functionName,
        args: call.args,
        value: BigInt(first.value),
      });
    } catch (error) {
      throw new OperatorError(
        `nothing was sent: ${first.contract}.${first.function} from the Safe ${describeFailure(error)}`,
      );
    }
    const exec = {
      account: executor,
      address: info.address,
      abi: safeAbi,
      functionName: 'execTransaction',
      args: execTransactionArgs(tx, signatures),
    } as const;
    let request;
    try {
      ({ request } = await ctx.client.simulateContract(exec));
    } catch (error) {
      throw new OperatorError(`nothing was sent: Safe.execTransaction ${describeFailure(error)}`);
    }
    await requireConfirmation(input.io, input.options.flag('yes'), 'Execute it?');
    const hash = await walletFor(ctx, executor).writeContract(request);
    input.io.out(`sent Safe.execTransaction: ${hash}`);
    const receipt = await ctx.client.waitForTransactionReceipt({ hash });
    const executed = parseEventLogs({ abi: safeAbi, logs: receipt.logs }).some(
      (e) => e.eventName === 'ExecutionSuccess',
    );
    if (receipt.status !== 'success' || !executed) {
      throw new OperatorError(`transaction ${hash} did not execute the Safe transaction`);
    }
    input.io.out(`  confirmed in block ${receipt.blockNumber} (gas used ${receipt.gasUsed})`);
    for (const line of stakingEvents(ctx, receipt)) input.io.out(line);
    return 0;
  },
};
