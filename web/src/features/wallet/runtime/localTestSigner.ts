/** The EIP-1193 provider behind the 'Local test wallet' connector (loaded on first use). */
import { localTestUserKey } from '@app/contracts/accounts';
import { networkByChainId, toViemChain } from '@app/contracts/chains';
import {
  createWalletClient,
  hexToBigInt,
  http,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rpcProxyUrl } from './chain';

export interface LocalTestProvider {
  address: Address;
  chainId(): number;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface TxRequest {
  from?: Address;
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

export function createLocalTestProvider(options: {
  initialChainId: number;
  onChainChanged: (chainId: number) => void;
}): LocalTestProvider {
  const account = privateKeyToAccount(localTestUserKey);
  let chainId = networkByChainId(options.initialChainId) ? options.initialChainId : 1;

  const client = () => {
    const network = networkByChainId(chainId)!;
    const url = rpcProxyUrl(chainId);
    return createWalletClient({ account, chain: toViemChain(network, url), transport: http(url) });
  };

  async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(rpcProxyUrl(chainId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message);
    return body.result;
  }

  return {
    address: account.address,
    chainId: () => chainId,
    async request({ method, params }) {
      const list = (Array.isArray(params) ? params : []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [account.address];
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`;
        case 'net_version':
          return String(chainId);
        case 'wallet_switchEthereumChain': {
          const next = Number((list[0] as { chainId: Hex }).chainId);
          if (!networkByChainId(next))
            throw new ProviderRpcError(4902, `Unrecognized chain ${next}`);
          if (next !== chainId) {
            chainId = next;
            options.onChainChanged(chainId);
          }
          return null;
        }
        case 'wallet_addEthereumChain': {
          const next = Number((list[0] as { chainId: Hex }).chainId);
          if (!networkByChainId(next)) throw new ProviderRpcError(4200, 'Only chains 1 and 56');
          return null;
        }
        case 'personal_sign': {
          const [data] = list as [Hex];
          return account.signMessage({ message: { raw: data } });
        }
        case 'eth_signTypedData_v4': {
          const [, json] = list as [Address, string];
          const typed = (
            typeof json === 'string' ? JSON.parse(json) : json
          ) as TypedDataDefinition & {
            types: Record<string, unknown>;
          };
          const { EIP712Domain: _domain, ...types } = typed.types;
          return account.signTypedData({ ...typed, types } as TypedDataDefinition);
        }
        case 'eth_sendTransaction': {
          const [tx] = list as [TxRequest];
          return client().sendTransaction({
            account,
            chain: client().chain,
            to: tx.to,
            data: tx.data,
            value: tx.value ? hexToBigInt(tx.value) : undefined,
            gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
          });
        }
        default:
          return forward(method, params);
      }
    },
  };
}
