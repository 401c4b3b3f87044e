/**
 * Stands in for WalletConnect's modal (@reown/appkit/core) in the build (vite.config.ts alias).
 * The app shows the pairing link in its own panel (`showQrModal: false`, walletConnect.ts), so
 * WalletConnect's provider never asks for the modal; without this, the modal's code (several
 * hundred KB) would still be bundled, and its static use of viem's barrel made the bundler put all
 * of viem into the first visit's entry chunk.
 */
export function createAppKit(): never {
  throw new Error('WalletConnect modal not bundled: the app shows the pairing link itself');
}
