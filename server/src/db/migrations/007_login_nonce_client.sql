-- Which client asked for a sign-in nonce (a SHA-256 of its IP, as the rate limiter identifies
-- clients), so that the open nonces are bounded per client, not per address: anyone may ask for a
-- message for any address, and must not be able to push out the nonce its owner is signing
-- (issue 18 §7). Rows from before have none and are only found by their nonce.
ALTER TABLE login_nonces ADD COLUMN client text;
CREATE INDEX login_nonces_client_issued ON login_nonces (client, issued_at DESC);
