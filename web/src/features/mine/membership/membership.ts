/** Membership as the contract numbers it (enum Membership). */
export const MEMBERSHIP = { none: 0, node: 1, founder: 2 } as const;

export type Purchase = 'node' | 'founder' | 'upgrade';

/** The staking contract's function each purchase calls (with the price shown as `maxPrice`). */
export const purchaseFunction = {
  node: 'purchaseNode',
  founder: 'purchaseFounder',
  upgrade: 'upgradeNodeToFounder',
} as const satisfies Record<Purchase, string>;

/** The contract's views of the two offers: each one's price, seats and seats sold. */
export const offerViews = [
  'nodePrice',
  'nodeLimit',
  'nodeSold',
  'founderPrice',
  'founderLimit',
  'founderSold',
] as const;
export type OfferFigures = Record<(typeof offerViews)[number], bigint>;

export interface MembershipParams extends OfferFigures {
  paused: boolean;
}

/**
 * What a purchase costs. An upgrade costs what the contract will charge this user: the founder price
 * minus what the user paid for its node (`upgradePrice` of the account, read from the chain), not
 * minus today's node price. Without the account the founder price is the most it can cost.
 */
export function purchasePrice(
  kind: Purchase,
  p: MembershipParams,
  account?: { upgradePrice: bigint },
): bigint {
  if (kind === 'node') return p.nodePrice;
  if (kind === 'founder') return p.founderPrice;
  return account?.upgradePrice ?? p.founderPrice;
}

/** Seats left (zero when sold out, also if a limit was lowered below the sold count). */
export function remaining(limit: bigint, sold: bigint): bigint {
  return sold >= limit ? 0n : limit - sold;
}

/**
 * Why a purchase cannot be made now (a translation key), or null when it can: the contract's own
 * checks (whenNotPaused, membership, sold out), so the button says why instead of reverting.
 */
export function purchaseBlocker(
  kind: Purchase,
  membership: number,
  p: MembershipParams,
): string | null {
  if (p.paused) return 'nodes.blocked.paused';
  if (kind === 'upgrade') {
    if (membership !== MEMBERSHIP.node) return 'nodes.blocked.notNode';
    return remaining(p.founderLimit, p.founderSold) === 0n ? 'nodes.blocked.founderSoldOut' : null;
  }
  if (membership !== MEMBERSHIP.none) return 'nodes.blocked.alreadyMember';
  if (kind === 'node')
    return remaining(p.nodeLimit, p.nodeSold) === 0n ? 'nodes.blocked.nodeSoldOut' : null;
  return remaining(p.founderLimit, p.founderSold) === 0n ? 'nodes.blocked.founderSoldOut' : null;
}
