/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background network). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone-sized viewport (the app is mobile-first). */
export const mobileViewport = { width: 390, height: 844 };
