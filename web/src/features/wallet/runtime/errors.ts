/** Walks an error and its causes looking for an EIP-1193 error code. */
export function findErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const record = current as {
      code?: unknown;
      data?: { originalError?: { code?: unknown } };
      cause?: unknown;
    };
    if (typeof record.code === 'number') {
      // viem wraps provider errors; keep looking if this is a generic wrapper code.
      if (record.code !== -32603 && record.code !== -1) return record.code;
    }
    const nested = record.data?.originalError?.code;
    if (typeof nested === 'number') return nested;
    current = record.cause;
  }
  return undefined;
}

/** True when the user rejected the request in the wallet (EIP-1193 code 4001). */
export function isUserRejection(error: unknown): boolean {
  if (findErrorCode(error) === 4001) return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const name = (current as { name?: unknown }).name;
    if (name === 'UserRejectedRequestError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the wallet does not know the chain (EIP-3326 code 4902). */
export function isUnknownChain(error: unknown): boolean {
  if (findErrorCode(error) === 4902) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /unrecognized chain|unknown chain|4902/i.test(message);
}
