import type { Queryable } from '../db.ts';

import type { ContentKey } from '../../api-schema/notice.ts';

export { contentKeys, type ContentKey } from '../../api-schema/notice.ts';

export interface ContentRow {
  key: ContentKey;
  /** Items per language tag; `en` is always present. */
  texts: Record<string, unknown[]>;
  updated_at: Date;
  updated_by: string;
}

export async function allContent(q: Queryable): Promise<ContentRow[]> {
  const r = await q.query<ContentRow & Record<string, unknown>>(
    'SELECT * FROM operator_content ORDER BY key',
  );
  return r.rows;
}

/** Replaces one key's content in every language at once. */
export async function putContent(q: Queryable, row: ContentRow): Promise<ContentRow> {
  const r = await q.query<ContentRow & Record<string, unknown>>(
    `INSERT INTO operator_content (key, texts, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (key) DO UPDATE
       SET texts = EXCLUDED.texts, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING *`,
    [row.key, JSON.stringify(row.texts), row.updated_at, row.updated_by],
  );
  return r.rows[0]!;
}
