/** The `token` of a mailed link's query string ('' when absent: the page says the link is invalid). */
export const tokenFromSearch = (search: string) => new URLSearchParams(search).get('token') ?? '';
