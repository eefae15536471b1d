/** Escapes LIKE's wildcards (`%`, `_`, `\`) so the user's text is matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The LIKE pattern of "contains the user's text", wildcards matched literally. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/** A query that can be cut to a page: drizzle's select builders are. */
type PageableQuery<Row> = PromiseLike<Row[]> & {
  limit(limit: number): PromiseLike<Row[]> & { offset(offset: number): PromiseLike<Row[]> };
};

/**
 * The rows of one page of a list query; `pageSize=all` answers every row, or the first `allCap`
 * where a list caps it.
 */
export function paged<Row>(
  query: PageableQuery<Row>,
  { page, pageSize }: { page: number; pageSize: number | 'all' },
  allCap?: number,
): PromiseLike<Row[]> {
  if (pageSize !== 'all') return query.limit(pageSize).offset((page - 1) * pageSize);
  return allCap === undefined ? query : query.limit(allCap);
}
