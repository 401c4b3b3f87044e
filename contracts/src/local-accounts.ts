/**
 * Anvil's well-known development accounts (from its default mnemonic "test test ... junk").
 * They are public knowledge and only ever hold value on the local chains.
 */
import { privateKeyToAccount } from 'viem/accounts';

export const localPrivateKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const;

export type LocalPrivateKey = (typeof localPrivateKeys)[number];

export const localAccounts = localPrivateKeys.map((key) => privateKeyToAccount(key));

/** Account 0 deploys the contracts and is the founding (root) address of the referral tree. */
export const localDeployerKey: LocalPrivateKey = localPrivateKeys[0];
/** Account 1 is the one `npm start` suggests importing, and the 'Local test wallet' signs with. */
export const localTestUserKey: LocalPrivateKey = localPrivateKeys[1];

/**
 * The local USDC issuer: stands in for Circle (chain 1) and Binance's bridge (chain 56). It deploys
 * the local USDC behind its proxy and holds every token role (proxy admin owner, owner, pauser,
 * blacklister, master minter; the proxy's admin is `localUsdcProxyAdmin`), so our own deployer has
 * none of them, as on mainnet. Not one of
 * anvil's funded accounts (tests that use those never collide with it): the local deploy funds it
 * with `anvil_setBalance`. The key is keccak256 of a fixed phrase, i.e. public: local chains only.
 */
export const localUsdcIssuerKey =
  '0xd815a938f634db51468e9e4eadf92e20deaf3c8cc6d37aef198ec75c9cdf74f0' as const;
export const localUsdcIssuer = privateKeyToAccount(localUsdcIssuerKey);
/**
 * Admin of the local USDC's proxy (may upgrade it). A separate address from the issuer because, as
 * on mainnet, the proxy admin can never call the token itself. Key: keccak256 of a fixed phrase.
 */
export const localUsdcProxyAdminKey =
  '0xb5ddd24615a51496a2dae4d95a061e1de98d93a79feea092d30605fedc22076b' as const;
export const localUsdcProxyAdmin = privateKeyToAccount(localUsdcProxyAdminKey);
