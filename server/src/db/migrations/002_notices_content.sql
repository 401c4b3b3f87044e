-- Notices (operator-authored, or generated from queued timelock changes), per-user read marks, and
-- operator content (FAQ, project features, partners). Texts are per language, keyed by the app's
-- language tags (en, zh-TW, ja, ru, ko, es, vi, ar, fr, th); en is required and is the fallback.

CREATE TABLE notices (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('operator', 'timelock')),
  -- { "<lang>": { "title": "...", "body": "..." }, ... } with at least "en".
  texts jsonb NOT NULL CHECK (jsonb_typeof(texts) = 'object' AND texts ? 'en'),
  created_at timestamptz NOT NULL,
  -- Shown from this time on.
  published_at timestamptz NOT NULL,
  -- Admin address (lower-case) that wrote it; null for generated notices.
  created_by text CHECK (created_by ~ '^0x[0-9a-f]{40}$'),
  -- Soft delete: a deleted notice is hidden but kept for the record.
  deleted_at timestamptz
);
CREATE INDEX notices_visible ON notices (published_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE notice_reads (
  user_id integer NOT NULL REFERENCES users (id),
  notice_id integer NOT NULL REFERENCES notices (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notice_id)
);

CREATE TABLE operator_content (
  key text PRIMARY KEY CHECK (key IN ('faq', 'features', 'partners')),
  -- { "<lang>": [ items ], ... } with at least "en".
  texts jsonb NOT NULL CHECK (jsonb_typeof(texts) = 'object' AND texts ? 'en'),
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL CHECK (updated_by ~ '^0x[0-9a-f]{40}$')
);
