/** A mysql:// or mariadb:// URL as mysql2 takes it (kept apart so the start-up wait loads no entity). */
export const mysqlUrl = (url: URL): string => `mysql://${url.href.slice(url.protocol.length + 2)}`;
