/**
 * What other features may use of Mine: the signed-in user's position card (Home shows it; it comes
 * with the wallet code, see features/wallet/runtime/runtimeChunk.ts) and the membership offer's figures
 * (Transparency shows them).
 */
export { default as MyPosition } from './MyPosition';
export { offerViews, type OfferFigures } from './membership/membership';
