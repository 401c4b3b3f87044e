import { defaultNetwork, networks, type NetworkInfo, type NetworkKey } from '@app/contracts/chains';
import { createStore, useStore } from './store';
import { readStorage, storageKeys, writeStorage } from './storage';

function load(): NetworkKey {
  const stored = readStorage(storageKeys.networkType);
  return stored === 'ETH' || stored === 'BSC' ? stored : defaultNetwork;
}

/** The network the user picked in the top bar (stored as `networkType`). */
export const networkStore = createStore<NetworkKey>(load());

export function setNetwork(key: NetworkKey): void {
  writeStorage(storageKeys.networkType, key);
  networkStore.set(key);
}

export function getNetwork(): NetworkInfo {
  return networks[networkStore.get()];
}

export function useNetwork(): NetworkInfo {
  return networks[useStore(networkStore)];
}
