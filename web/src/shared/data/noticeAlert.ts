/** The unread count the app last saw for one signed-in address on one network. */
export interface UnreadSeen {
  address: string;
  /** The count is of this network's chain notices (and the operator's): another is not news. */
  chainId?: number;
  count: number;
}

/**
 * How many notices arrived while the app was open: the rise of the unread count since the last
 * reading of the same address on the same network. The first reading after sign-in (or after
 * switching accounts or networks) is only the starting point, and a fall (notices read elsewhere)
 * is no news.
 */
export function newNoticeCount(previous: UnreadSeen | null, next: UnreadSeen): number {
  if (!previous || previous.address !== next.address || previous.chainId !== next.chainId) return 0;
  return Math.max(0, next.count - previous.count);
}

/** Where tapping the banner leads: the notice itself when one arrived, else the list. */
export function noticeTarget(arrived: number, newestId: number | undefined): string {
  return arrived === 1 && newestId !== undefined
    ? `/pages/notice/details?id=${newestId}`
    : '/pages/notice/notice';
}
