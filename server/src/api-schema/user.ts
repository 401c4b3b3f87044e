/** Sign-in and session: getcode, metamasklogin, index/register, user/info, user/logout. */
import { Type, type Static } from 'typebox';
import { Int, Nullable, Str } from './common.ts';
import { fields } from './fields.ts';

export const GetCodeBody = Type.Object({
  address: fields.address,
  chain: Type.Optional(fields.chain),
});
export const MetamaskLoginBody = Type.Object({
  address: fields.address,
  signature: fields.signature,
  /** getcode's `Code`: the nonce whose message was signed (optional). */
  code: Type.Optional(fields.nonce),
  invitecode: Type.Optional(fields.inviteCode),
  wallet: Type.Optional(fields.wallet),
});
export const RegisterBody = Type.Object({
  chain: fields.chain,
  address: fields.address,
  signature: fields.signature,
  /** getcode's `Code`: the nonce whose message was signed (optional). */
  code: Type.Optional(fields.nonce),
  wallet: Type.Optional(fields.wallet),
  invite_code: Type.Optional(fields.inviteCode),
});
export const EmptyBody = Type.Object({});

export const LoginCode = Type.Object({ Code: Str, Message: Str, ExpiresAt: Str });
export type LoginCode = Static<typeof LoginCode>;

const loginInfoFields = {
  Id: Int,
  Address: Str,
  InviteCode: Str,
  Inviter: Nullable(Str),
  Wallet: Nullable(Str),
  ChainId: Int,
  CreatedAt: Str,
  LastLoginAt: Str,
  ExpiresAt: Str,
};
/** What /v1/user/info returns; the login endpoints return the same plus the session Token. */
export const LoginInfo = Type.Object(loginInfoFields);
export type LoginInfo = Static<typeof LoginInfo>;
export const Login = Type.Object({ Token: Str, ...loginInfoFields });
export type Login = Static<typeof Login>;
