/** A notice id of the details page's `?id=`: 1..2147483647 in digits (the server's range). */
export function parseNoticeId(raw: string | null): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}
