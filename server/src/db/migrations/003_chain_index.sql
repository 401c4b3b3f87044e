-- The chain index: every event of the Staking contract (and the DEX pair's Sync, for the market
-- price), per chain, from confirmed blocks only. The indexer writes one chunk of blocks per
-- transaction together with its cursor, so a crash loses nothing and repeats nothing.
-- Addresses are lower-case; amounts are base units of their token (numeric: uint256 fits).
-- `token` is 'reward' (the reward coin) or 'usdc'.

CREATE TABLE chain_cursors (
  chain_id integer PRIMARY KEY,
  -- The Staking contract this index belongs to: another deployment needs a fresh index.
  staking text NOT NULL,
  -- Last indexed block (inclusive) and its hash: the indexer stops if the chain under it changed.
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  block_time timestamptz,
  -- levelThresholds() of the contract (immutable), to derive levels from team performance.
  level_thresholds numeric[] NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Pool-wide figures, kept up to date chunk by chunk.
CREATE TABLE chain_stats (
  chain_id integer PRIMARY KEY,
  total_staked numeric NOT NULL DEFAULT 0,
  active_stake numeric NOT NULL DEFAULT 0,
  positions integer NOT NULL DEFAULT 0,
  stakers integer NOT NULL DEFAULT 0,
  -- Bound addresses (the root is in the tree too and is counted by the API).
  bound integer NOT NULL DEFAULT 0,
  paused boolean NOT NULL DEFAULT false
);

-- Latest reserves of the reward-coin/USDC pair (its Sync events).
CREATE TABLE market (
  chain_id integer PRIMARY KEY,
  usdc_reserve numeric NOT NULL,
  reward_reserve numeric NOT NULL,
  block_number bigint NOT NULL,
  block_time timestamptz NOT NULL
);

-- Per-address figures (one row per address that ever appeared).
CREATE TABLE accounts (
  chain_id integer NOT NULL,
  address text NOT NULL,
  active_stake numeric NOT NULL DEFAULT 0,
  total_staked numeric NOT NULL DEFAULT 0,
  positions integer NOT NULL DEFAULT 0,
  members_d1 integer NOT NULL DEFAULT 0,
  members_d2 integer NOT NULL DEFAULT 0,
  members_d3 integer NOT NULL DEFAULT 0,
  -- Active stake of the downlines at each depth, as the contract counts it (whole hundredths of a USDC).
  team_stake_d1 numeric NOT NULL DEFAULT 0,
  team_stake_d2 numeric NOT NULL DEFAULT 0,
  team_stake_d3 numeric NOT NULL DEFAULT 0,
  -- 0 none, 1 node, 2 founder.
  membership smallint NOT NULL DEFAULT 0,
  purchased_node boolean NOT NULL DEFAULT false,
  purchased_founder boolean NOT NULL DEFAULT false,
  PRIMARY KEY (chain_id, address)
);

-- The referral tree: binding is permanent, so the three uplines are fixed at bind time.
CREATE TABLE referrals (
  chain_id integer NOT NULL,
  address text NOT NULL,
  superior text NOT NULL,
  upline2 text,
  upline3 text,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  tx_hash text NOT NULL,
  bound_at timestamptz NOT NULL,
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX referrals_d1 ON referrals (chain_id, superior, block_number DESC, log_index DESC);
CREATE INDEX referrals_d2 ON referrals (chain_id, upline2, block_number DESC, log_index DESC);
CREATE INDEX referrals_d3 ON referrals (chain_id, upline3, block_number DESC, log_index DESC);

CREATE TABLE plans (
  chain_id integer NOT NULL,
  plan_id integer NOT NULL,
  term_days integer NOT NULL,
  daily_rate numeric NOT NULL,
  cap numeric NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  created_block bigint NOT NULL,
  PRIMARY KEY (chain_id, plan_id)
);

CREATE TABLE positions (
  chain_id integer NOT NULL,
  address text NOT NULL,
  position_id integer NOT NULL,
  plan_id integer NOT NULL,
  amount numeric NOT NULL,
  -- Reward coin reserved for it (its full-term mining plus its uplines' commissions).
  reserved numeric,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  block_number bigint NOT NULL,
  tx_hash text NOT NULL,
  released_at timestamptz,
  released_early boolean,
  released_paid boolean,
  PRIMARY KEY (chain_id, address, position_id)
);

-- Principal staked per UTC day (pool-wide), for "today's staking".
CREATE TABLE stake_daily (
  chain_id integer NOT NULL,
  day date NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (chain_id, day)
);

-- Every IncomeCredited event. source: 0 mining, 1 referral, 2 team, 3 shareholder dividend,
-- 4 ecological dividend, 5 activity, 6 promotion.
CREATE TABLE income (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  address text NOT NULL,
  source smallint NOT NULL CHECK (source BETWEEN 0 AND 6),
  from_address text,
  token text NOT NULL CHECK (token IN ('reward', 'usdc')),
  amount numeric NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX income_by_address ON income (chain_id, address, block_number DESC, log_index DESC);
CREATE INDEX income_by_source ON income (chain_id, address, source, block_number DESC, log_index DESC);

-- Sums of income per address and source, and per address, UTC day and source.
CREATE TABLE income_totals (
  chain_id integer NOT NULL,
  address text NOT NULL,
  source smallint NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (chain_id, address, source)
);
CREATE TABLE income_daily (
  chain_id integer NOT NULL,
  address text NOT NULL,
  day date NOT NULL,
  source smallint NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (chain_id, address, day, source)
);
-- The same, pool-wide.
CREATE TABLE platform_income_daily (
  chain_id integer NOT NULL,
  day date NOT NULL,
  source smallint NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (chain_id, day, source)
);

CREATE TABLE exchanges (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  address text NOT NULL,
  amount_in numeric NOT NULL,
  gross_usdc numeric NOT NULL,
  fee numeric NOT NULL,
  net_usdc numeric NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX exchanges_by_address ON exchanges (chain_id, address, block_number DESC, log_index DESC);

-- Money that left the contract to its owner: kind 'usdc' (withdraw), 'principal'
-- (withdrawPrincipal, paid at once), 'rewardCoin' (withdrawRewardCoin).
CREATE TABLE withdrawals (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('usdc', 'principal', 'rewardCoin')),
  token text NOT NULL CHECK (token IN ('reward', 'usdc')),
  amount numeric NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX withdrawals_by_address ON withdrawals (chain_id, address, block_number DESC, log_index DESC);

CREATE TABLE memberships (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  address text NOT NULL,
  -- 1 node, 2 founder.
  membership smallint NOT NULL,
  price numeric NOT NULL,
  upgrade boolean NOT NULL,
  treasury text NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);

-- Every action on an address's account, for its activity record: bind, stake, release, exchange,
-- withdraw, withdrawRewardCoin, membership, grant.
CREATE TABLE activity (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  address text NOT NULL,
  type text NOT NULL,
  token text CHECK (token IN ('reward', 'usdc')),
  amount numeric,
  detail jsonb NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX activity_by_address ON activity (chain_id, address, block_number DESC, log_index DESC);

-- The timelock queue: one row per ParamQueued; status follows ParamChanged / ParamCancelled.
-- param: 0 FeeBps, 1 MinWithdrawal, 2 NodePrice, 3 NodeLimit, 4 FounderPrice, 5 FounderLimit, 6 Treasury.
CREATE TABLE timelock_changes (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  param smallint NOT NULL,
  value numeric NOT NULL,
  eta timestamptz NOT NULL,
  -- replaced: another change of the same parameter was queued after it (the contract keeps one).
  status text NOT NULL CHECK (status IN ('queued', 'executed', 'cancelled', 'replaced')),
  settled_block bigint,
  notice_id integer REFERENCES notices (id),
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX timelock_queued ON timelock_changes (chain_id, param) WHERE status = 'queued';

-- Every other event (operator and pool events: funding, grants budget, dividends distributed,
-- pause, ownership, reservations, parameter changes), kept as decoded arguments.
CREATE TABLE contract_events (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  name text NOT NULL,
  args jsonb NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX contract_events_by_name ON contract_events (chain_id, name, block_number DESC);

-- Timelock notices name the chain they were generated from, so resetting a chain's index removes
-- them with it (and re-indexing does not announce the same change twice).
ALTER TABLE notices ADD COLUMN chain_id integer;
