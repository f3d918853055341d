import type { DialectName } from '../store/dialect.ts';

/** Where the new-api (or one-api) database is, in the form our drivers open. */
export interface SourceLocation {
  dialect: DialectName;
  /** postgres:// or mysql:// URL; empty for SQLite. */
  url: string;
  /** The SQLite file; empty for a server. */
  sqlitePath: string;
  /** The location with its password masked, for messages. */
  shown: string;
}

export class SourceDsnError extends Error {}

const GO_MYSQL =
  /^(?:(?<user>[^:@/]*)(?::(?<password>.*))?@)?(?<net>tcp|unix)?(?:\((?<address>[^)]*)\))?\/(?<db>[^?]*)(?:\?(?<params>.*))?$/;

const masked = (url: URL): string => {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = '***';
  return copy.toString();
};

/**
 * Reads a DSN in any of the forms new-api accepts in SQL_DSN (and one-api, and a plain SQLite path
 * as in SQLITE_PATH): `postgres://…`, `postgresql://…`, Go's MySQL form `user:pass@tcp(host:port)/db?…`,
 * a `mysql://…` URL, or a SQLite file (`one-api.db?_busy_timeout=30000`, `sqlite:path`, `file:path`).
 */
export function parseSourceDsn(dsn: string): SourceLocation {
  const text = dsn.trim();
  if (text === '') throw new SourceDsnError('--from needs a DSN or a SQLite file path');
  if (/^postgres(ql)?:\/\//.test(text)) {
    const url = new URL(text.replace(/^postgresql:/, 'postgres:'));
    return { dialect: 'postgres', url: url.toString(), sqlitePath: '', shown: masked(url) };
  }
  if (text.startsWith('mysql://')) {
    const url = new URL(text);
    return { dialect: 'mysql', url: url.toString(), sqlitePath: '', shown: masked(url) };
  }
  const go = text.includes('@') || /^(tcp|unix)\(/.test(text) ? GO_MYSQL.exec(text) : null;
  if (go?.groups) return fromGoMysql(go.groups);
  const path = text.replace(/^(sqlite3?|file):(\/\/)?/, '').replace(/\?.*$/, '');
  return { dialect: 'sqlite', url: '', sqlitePath: path, shown: path };
}

function fromGoMysql(parts: Record<string, string | undefined>): SourceLocation {
  if (parts.net === 'unix')
    throw new SourceDsnError('a MySQL unix socket DSN is not supported: use tcp(host:port)');
  const url = new URL('mysql://localhost:3306/');
  const address = parts.address || '127.0.0.1:3306';
  const [host, port] = address.startsWith('[')
    ? [address.replace(/\].*$/, ']'), address.replace(/^.*\]:?/, '')]
    : address.split(':');
  url.hostname = host || '127.0.0.1';
  url.port = port || '3306';
  url.username = encodeURIComponent(parts.user ?? '');
  url.password = encodeURIComponent(parts.password ?? '');
  url.pathname = `/${parts.db ?? ''}`;
  return { dialect: 'mysql', url: url.toString(), sqlitePath: '', shown: masked(url) };
}
