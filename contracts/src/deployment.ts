/**
 * The shape of one chain's deployment, as the generated module (`@app/contracts/generated`)
 * lists it per chain id. Hand-written here so scripts can use it before the module exists.
 */
export type Address = `0x${string}`;

export interface ChainDeployment {
  /** The Staking contract. */
  staking: Address;
  /**
   * StakingLens: the read-only views of `staking` (getAccount, getPositions, getPlans, quoteExchange,
   * ...), kept out of Staking so the contract stays well under the code size limit.
   */
  stakingLens: Address;
  /** The chain's USDC. */
  usdc: Address;
  /** `decimals()` of that USDC: 6 on Ethereum, 18 on BSC. */
  usdcDecimals: number;
  /** Whether the USDC supports EIP-2612 permit (stakeWithPermit). */
  usdcHasPermit: boolean;
  /** EIP-712 domain name of the permit, or null without permit. */
  usdcPermitName: string | null;
  /** EIP-712 domain version of the permit, or null without permit. */
  usdcPermitVersion: string | null;
  /** The founding address (root of the referral tree). */
  root: Address;
  /** Block of the Staking deployment: where an indexer starts. */
  startBlock: number;
  /** The reward coin mining pays in (WETH on Ethereum, WBNB on BSC; WETH9 locally). */
  rewardToken: Address;
  /** `decimals()` of the reward coin (18 for WETH and WBNB). */
  rewardTokenDecimals: number;
  /** The Uniswap-V2-compatible router `exchange` swaps through (Uniswap V2 / PancakeSwap). */
  router: Address;
  /** The router's factory. */
  factory: Address;
  /** The reward-coin/USDC pair (its reserves give the price the UI shows). */
  pair: Address;
}
