/**
 * The WalletConnect chunk (walletConnectOption.ts says when it loads): wagmi's `walletConnect`
 * connector, which loads WalletConnect's provider (@walletconnect/ethereum-provider) from here.
 *
 * The pairing link is shown in our own translated panel as a QR code (WalletConnectQr.tsx), not in
 * WalletConnect's modal (`showQrModal: false`): the modal (Reown AppKit) is several hundred KB more
 * of code, fetches wallet logos and fonts from third-party hosts (which the Content-Security-Policy
 * would have to allow) and speaks only the languages it ships, while a QR code of the link is all a
 * phone wallet needs. (AppKit is not even in the build: vite.config.ts aliases it to
 * noWalletConnectModal.ts.)
 */
import type { Config, Connector } from 'wagmi';
import { connect } from 'wagmi/actions';
import { walletConnect } from 'wagmi/connectors/walletConnect';

/** WalletConnect's relay did not answer: there is no link to show, and none will come. */
export class WalletConnectUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('WalletConnect relay not reached', { cause });
    this.name = 'WalletConnectUnreachableError';
  }
}

/** The user closed the panel before the phone approved. */
export class WalletConnectCancelledError extends Error {
  constructor() {
    super('WalletConnect pairing cancelled');
    this.name = 'WalletConnectCancelledError';
  }
}

/**
 * How long the relay has to let WalletConnect make the pairing link. It takes one round trip to
 * the relay (under a second on a working connection); an unreachable relay gives no error, only
 * retries, so without this the panel would spin forever.
 */
export const PAIRING_LINK_TIMEOUT_MS = 15_000;

let current: Connector | undefined;

/**
 * The one WalletConnect connector of `config`, set up on first use (wagmi's own, added to the
 * config's connectors so a reconnect after a reload finds it: runtime/runtimeChunk.ts).
 */
export function walletConnectConnector(config: Config, projectId: string): Connector {
  if (current) return current;
  const connector = config._internal.connectors.setup(
    walletConnect({
      projectId,
      showQrModal: false,
      metadata: {
        name: document.title.split(' · ').at(-1) || window.location.host,
        description: window.location.host,
        url: window.location.origin,
        icons: [new URL('/icons/icon-192.png', window.location.origin).href],
      },
    }),
  );
  config._internal.connectors.setState((list) => [...list, connector]);
  current = connector;
  return connector;
}

/** Drops the connector (its provider may be stuck on a relay that did not answer). */
function forget(config: Config, connector: Connector): void {
  if (current === connector) current = undefined;
  config._internal.connectors.setState((list) => list.filter((c) => c !== connector));
}

/** Ends a pairing attempt still waiting for the phone, so its `connect` settles. */
async function abortPairing(connector: Connector): Promise<void> {
  const provider = (await Promise.race([
    connector.getProvider(),
    new Promise((resolve) => setTimeout(resolve, 0)),
  ]).catch(() => undefined)) as { signer?: { abortPairingAttempt?: () => void } } | undefined;
  provider?.signer?.abortPairingAttempt?.();
}

export interface WalletConnectAttempt {
  /** Settles with the connected connector, or rejects (unreachable relay, refusal, cancel). */
  connected: Promise<Connector>;
  /** The user closed the panel: stop waiting for the phone. */
  cancel(): void;
}

/**
 * Connects through WalletConnect: `onLink` gets the pairing link to show (as a QR code) once the
 * relay made it; `connected` resolves when the phone's wallet approved. No link within
 * `linkTimeoutMs` rejects with WalletConnectUnreachableError (and the attempt is dropped).
 */
export function connectWalletConnect(
  config: Config,
  projectId: string,
  onLink: (uri: string) => void,
  linkTimeoutMs = PAIRING_LINK_TIMEOUT_MS,
): WalletConnectAttempt {
  const connector = walletConnectConnector(config, projectId);
  let linked = false;
  const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
    if (type !== 'display_uri' || typeof data !== 'string') return;
    linked = true;
    onLink(data);
  };
  connector.emitter.on('message', onMessage);

  let stop: (error: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const timer = setTimeout(() => {
    if (!linked) stop(new WalletConnectUnreachableError());
  }, linkTimeoutMs);
  const connecting = connect(config, { connector });
  // Whichever comes second is of no interest.
  connecting.catch(() => undefined);

  const connected = Promise.race([connecting, stopped])
    .then(() => connector)
    .catch(async (error: unknown) => {
      await abortPairing(connector);
      // Failing before there was a link to show is the relay's doing (unreachable, or refusing
      // the project): only a refusal on the phone or a cancel comes after the link.
      const failure =
        linked || error instanceof WalletConnectCancelledError
          ? error
          : new WalletConnectUnreachableError(error);
      forget(config, connector);
      // wagmi stays 'connecting' while the abandoned connect has not settled.
      config.setState((state) => ({
        ...state,
        status: state.current ? 'connected' : 'disconnected',
      }));
      throw failure;
    })
    .finally(() => {
      clearTimeout(timer);
      connector.emitter.off('message', onMessage);
    });
  return { connected, cancel: () => stop(new WalletConnectCancelledError()) };
}
