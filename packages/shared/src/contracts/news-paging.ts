/**
 * News items a page of the news list shows, on the site and in the server's meta for `?page=`. A
 * module of its own: the news pages read it without loading every contract's schema.
 */
export const NEWS_PER_PAGE = 10;
