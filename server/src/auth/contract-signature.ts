/**
 * Sign-in signatures of smart-contract accounts (a Safe, ERC-4337 wallets), checked on the chain
 * the SIWE message names: ERC-1271 `isValidSignature` for a deployed account, ERC-6492 for one not
 * deployed yet (the signature carries its factory call, which runs inside the check). One
 * `eth_call` of the ERC-6492 universal validator (viem's deployless build of it) does both: nothing
 * is sent, nothing deployed, no contract of ours is trusted.
 *
 * viem's own verifyHash answers `false` when the node cannot be reached (its call errors all become
 * "not valid"); a user would then read "wrong signature" while the chain was only away. So the call
 * is made here, and a revert (the account refused the signature) is told apart from a failure to
 * ask (timeout, HTTP or node error), which is `SignatureCheckUnavailable`: never an acceptance.
 */
import {
  BaseError,
  ExecutionRevertedError,
  RawContractError,
  encodeDeployData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  hashMessage,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';

/** The chain could not be asked whether a contract account signed. */
export class SignatureCheckUnavailable extends Error {
  constructor(cause: unknown) {
    super('the chain did not answer the signature check', { cause });
    this.name = 'SignatureCheckUnavailable';
  }
}

/** Whether the chain's code at `address` accepts `signature` over the EIP-191 hash of `message`. */
export async function signedByContract(
  client: PublicClient,
  address: Address,
  message: string,
  signature: Hex,
): Promise<boolean> {
  try {
    const { data } = await client.call({
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        bytecode: erc6492SignatureValidatorByteCode,
        args: [address, hashMessage(message), signature],
      }),
    });
    // The validator's constructor returns one byte: 0x01 valid, 0x00 not.
    return data === '0x01';
  } catch (err) {
    if (isRevert(err)) return false;
    throw new SignatureCheckUnavailable(err);
  }
}

/** A revert of the call itself (the account or validator refused), as opposed to no answer. */
function isRevert(err: unknown): boolean {
  return (
    err instanceof BaseError &&
    err.walk((e) => e instanceof RawContractError || e instanceof ExecutionRevertedError) !== null
  );
}
