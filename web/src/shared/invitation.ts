/**
 * The pending invitation: `?code=` of an invite link names the upline either by address or by
 * the inviter's InviteCode. It is kept in localStorage `inviteCode` (sent as `invitecode` at the
 * first login; the server takes either form) and, for the bind dialog, turned into the upline's
 * address with GET /v1/invite/resolve. Resolved at boot so the address is usually ready; the bind
 * dialog resolves again if that failed (offline at boot, server restarting).
 */
import { useQuery } from '@tanstack/react-query';
import { getAddress, isAddress, type Address } from 'viem';
import { api, ApiError } from './api';
import { parseInvitation } from './invitationParam';
import { readStorage, storageKeys, writeStorage } from './storage';

/** Code 1007: the server knows no user with that code. */
const NOT_FOUND = 1007;

/** The upline address of an invite code; null when the server knows no such code. */
export async function resolveInviteCode(code: string): Promise<Address | null> {
  try {
    const data = await api.get<{ address: string }>(
      '/v1/invite/resolve',
      { code },
      { toast: false },
    );
    return isAddress(data.address) ? getAddress(data.address) : null;
  } catch (error) {
    if (error instanceof ApiError && error.body?.code === NOT_FOUND) return null;
    throw error;
  }
}

/**
 * Stores the invitation of the URL (boot). A code is stored at once, then replaced by its address
 * when the server resolves it, or dropped when the server knows no such code.
 */
export async function captureInvitation(raw: string | null | undefined): Promise<void> {
  const invitation = parseInvitation(raw);
  if (!invitation) return;
  if (invitation.kind === 'address') {
    writeStorage(storageKeys.inviteCode, invitation.address);
    return;
  }
  writeStorage(storageKeys.inviteCode, invitation.code);
  try {
    const address = await resolveInviteCode(invitation.code);
    // Only if no newer invitation replaced it meanwhile.
    if (readStorage(storageKeys.inviteCode) === invitation.code)
      writeStorage(storageKeys.inviteCode, address);
  } catch {
    // Unreachable now: the bind dialog resolves it when it opens.
  }
}

/** The pending invitation's upline address, resolving a stored code; undefined if none. */
export function usePendingInvitation(): Address | undefined {
  const invitation = parseInvitation(readStorage(storageKeys.inviteCode));
  const query = useQuery({
    queryKey: ['invitation', invitation?.kind === 'code' ? invitation.code : null],
    enabled: invitation?.kind === 'code',
    staleTime: Infinity,
    queryFn: async () => {
      const code = invitation?.kind === 'code' ? invitation.code : '';
      const address = await resolveInviteCode(code);
      if (address && readStorage(storageKeys.inviteCode) === code)
        writeStorage(storageKeys.inviteCode, address);
      return address;
    },
  });
  if (invitation?.kind === 'address') return invitation.address;
  return query.data ?? undefined;
}
