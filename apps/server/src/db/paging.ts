/** One page of a console list, as its query string asks for it. */
export interface Page {
  page: number;
  perPage: number;
}

export async function paged<T>(items: Promise<T[]>, total: Promise<{ n: number }[]>, { page, perPage }: Page) {
  const [rows, [counted]] = await Promise.all([items, total]);
  return { items: rows, page, perPage, total: counted?.n ?? 0 };
}

export const offset = ({ page, perPage }: Page) => (page - 1) * perPage;
/** What an operator typed, for a LIKE pattern: its own % and _ mean themselves. */
export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
