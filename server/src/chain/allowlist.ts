/** JSON-RPC methods the /rpc proxy forwards: reads, plus broadcasting a transaction the user signed. */
export const allowedMethods: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getLogs',
  'net_version',
  'eth_sendRawTransaction',
]);

export const MAX_BATCH = 50;
export const RPC_BODY_LIMIT = 256 * 1024;
