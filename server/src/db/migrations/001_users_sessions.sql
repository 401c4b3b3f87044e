-- Users, sign-in nonces and sessions.
-- Addresses are stored lower-case (0x + 40 hex); the API returns them EIP-55 checksummed.

CREATE TABLE users (
  id serial PRIMARY KEY,
  address text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  -- This user's own code, to share in an invite link (?code=...).
  invite_code text NOT NULL UNIQUE,
  -- Address of the user who invited this one, resolved from the code given at first login.
  inviter text CHECK (inviter ~ '^0x[0-9a-f]{40}$'),
  -- The invite code exactly as given at first login (kept even when it matched nobody).
  invited_with text,
  -- Wallet kind of the latest login (metamask, tokenpocket, okx, trust, wallacy, ...).
  wallet text,
  created_at timestamptz NOT NULL,
  last_login_at timestamptz NOT NULL
);

CREATE TABLE login_nonces (
  nonce text PRIMARY KEY,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  chain_id integer NOT NULL,
  -- The exact EIP-4361 text the wallet is asked to sign.
  message text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_nonces_address_issued ON login_nonces (address, issued_at DESC);
CREATE INDEX login_nonces_expires ON login_nonces (expires_at);

CREATE TABLE sessions (
  -- SHA-256 (hex) of the session token; the token itself is never stored.
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  chain_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);
