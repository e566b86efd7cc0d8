/** What a list page's answer says of its paging (any of it may be missing). */
export interface PageSeen {
  /** The 1-based page just read. */
  page: number;
  /** Items on it. */
  count: number;
  /** Whether it held an item no earlier page did. */
  fresh: boolean;
  totalPages?: number | null;
  totalCount?: number | null;
}

/**
 * When a paged list ends, for readers that go page by page. The spec names no largest page
 * size: a service may answer fewer than asked and number its pages at that size, so a page is
 * full when it holds as many as the first. The end: an empty page, a page shorter than the
 * first, a page with nothing new (a service that ignores the page number), or the last of
 * `totalPages` or `totalCount` when the answer gives them.
 */
export function pagingEnd() {
  let read = 0;
  let size: number | undefined;
  return (seen: PageSeen): boolean => {
    read += seen.count;
    size ??= seen.count;
    if (seen.count === 0 || seen.count < size || !seen.fresh) return true;
    if (seen.totalPages != null && seen.page >= seen.totalPages) return true;
    return seen.totalCount != null && read >= seen.totalCount;
  };
}
