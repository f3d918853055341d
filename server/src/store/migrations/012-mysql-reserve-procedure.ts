import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/** The procedure's name, called by store/mysql-reservations.ts. */
export const RESERVE_PROCEDURE = 'rg_reserve_quota';

/**
 * MySQL and MariaDB: a reservation in one round trip (CALL), where it took six (isolation level,
 * begin, insert, wallet, token, commit) with the wallet's row locked across four of them. The
 * procedure does what store/quota.ts did in its transaction, in the same order: the reservation
 * row first (a settlement's claim on reservations can then never wait behind our wallet lock),
 * then the wallet's row locked and checked, then the token's; both taken and committed only if
 * both cover the amount, otherwise rolled back. Any error rolls it back and reaches the caller.
 * PostgreSQL and SQLite need nothing here (one statement there; group commit on SQLite).
 */
export function mysqlReserveProcedure(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect !== 'mysql') return;
      await sql.raw(`drop procedure if exists ${RESERVE_PROCEDURE}`).execute(db);
      await sql
        .raw(
          `create procedure ${RESERVE_PROCEDURE}(
  in p_id varchar(64), in p_node varchar(128), in p_user bigint, in p_token bigint,
  in p_token_unlimited integer, in p_limits_token integer, in p_amount bigint, in p_now bigint)
  modifies sql data
begin
  declare v_quota bigint default null;
  declare v_remain bigint default null;
  declare v_outcome varchar(32) default 'reserved';
  declare exit handler for sqlexception begin rollback; resignal; end;
  set transaction isolation level read committed;
  start transaction;
  insert into reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at)
    values (p_id, p_node, p_user, p_token, p_token_unlimited, p_amount, p_now);
  select quota into v_quota from users where id = p_user for update;
  if v_quota is null or v_quota <= 0 or v_quota < p_amount then
    set v_outcome = 'user_quota_exhausted';
  elseif p_limits_token = 1 then
    select remain_quota into v_remain from tokens where id = p_token for update;
    if v_remain is null or v_remain <= 0 or v_remain < p_amount then
      set v_outcome = 'token_quota_exhausted';
    end if;
  end if;
  if v_outcome = 'reserved' then
    update users set quota = quota - p_amount where id = p_user;
    if p_limits_token = 1 then
      update tokens set remain_quota = remain_quota - p_amount where id = p_token;
    end if;
    commit;
  else
    rollback;
  end if;
  select v_outcome as outcome;
end`,
        )
        .execute(db);
    },
  };
}
