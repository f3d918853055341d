import { describe, expect, it } from 'vitest';
import { parseSourceDsn, SourceDsnError } from './source-dsn.ts';

describe("the source DSN, in new-api's own forms", () => {
  it('reads Go MySQL DSNs as new-api takes them, with the password masked in messages', () => {
    expect(parseSourceDsn('root:p@ss:w0rd@tcp(db.local:3307)/oneapi?charset=utf8mb4&parseTime=True')).toEqual(
      {
        dialect: 'mysql',
        url: 'mysql://root:p%40ss%3Aw0rd@db.local:3307/oneapi',
        sqlitePath: '',
        shown: 'mysql://root:***@db.local:3307/oneapi',
      },
    );
    expect(parseSourceDsn('newapi@tcp(127.0.0.1)/newapi').url).toBe('mysql://newapi@127.0.0.1:3306/newapi');
    expect(parseSourceDsn('mysql://u:p@h:3306/db').dialect).toBe('mysql');
    expect(() => parseSourceDsn('u:p@unix(/run/mysqld.sock)/db')).toThrow(SourceDsnError);
  });

  it('reads PostgreSQL URLs of either scheme and SQLite paths with or without their options', () => {
    expect(parseSourceDsn('postgresql://u:secret@h:5432/newapi?sslmode=disable')).toMatchObject({
      dialect: 'postgres',
      url: 'postgres://u:secret@h:5432/newapi?sslmode=disable',
      shown: 'postgres://u:***@h:5432/newapi?sslmode=disable',
    });
    expect(parseSourceDsn('one-api.db?_busy_timeout=30000')).toMatchObject({
      dialect: 'sqlite',
      sqlitePath: 'one-api.db',
    });
    expect(parseSourceDsn('sqlite:///data/one-api.db').sqlitePath).toBe('/data/one-api.db');
    expect(() => parseSourceDsn('  ')).toThrow(SourceDsnError);
  });
});
