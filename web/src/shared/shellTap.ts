/**
 * A tap on the pre-rendered shell's "Connect wallet" (index.html, src/shell/) before the app has
 * rendered over it. The shell's button has no handler of its own (it is HTML), so index.html's
 * boot script (vite.config.ts `bootPreload`) marks the tap on <html>, and the app's wallet button
 * answers it when it mounts: the popup opens as if the app had been there. Without this, a first
 * visitor on a slow phone taps Connect while the JavaScript is still arriving, and nothing happens.
 */
export const shellTapAttribute = 'data-shell-tap';

/** The shell's wallet button, as the boot script finds it from the tapped element. */
export const shellWalletButton = '[data-shell] [data-testid="wallet-button"]';

/** Whether the shell's Connect was tapped; the mark is cleared so it is answered once. */
export function takeShellTap(): boolean {
  const root = document.documentElement;
  if (!root.hasAttribute(shellTapAttribute)) return false;
  root.removeAttribute(shellTapAttribute);
  return true;
}
