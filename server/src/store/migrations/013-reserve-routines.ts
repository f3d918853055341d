import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/** The procedure's name, called by store/mysql-reservations.ts. */
export const RESERVE_PROCEDURE = 'rg_reserve_quota';
/** The function's name, called by store/pg-reservations.ts. */
export const RESERVE_MANY_FUNCTION = 'rg_reserve_quota_many';

/**
 * MySQL and MariaDB: a reservation in one round trip (CALL), where it took six (isolation level,
 * begin, insert, wallet, token, commit) with the wallet's row locked across four of them. The
 * procedure does what store/quota.ts did in its transaction, in the same order: the reservation
 * row first (a settlement's claim on reservations can then never wait behind our wallet lock),
 * then the wallet's row locked and checked, then the token's; both taken and committed only if
 * both cover the amount, otherwise rolled back. Any error rolls it back and reaches the caller.
 * SQLite needs nothing here (it commits the reservations of one turn of the event loop together).
 */
export function reserveRoutines(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(RESERVE_MANY).execute(db);
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

/**
 * PostgreSQL: the reservations that arrived while the previous batch was written, in one call and
 * one commit (group commit, as on SQLite). Every call reserves on its wallet's row, so with one
 * busy wallet each commit used to wait for the one before it (its lock held until the WAL was
 * flushed): one flush per call. The wallets of the batch are locked first, then its tokens, each
 * in id order (the order of every settlement batch, so the two never deadlock); then each
 * reservation in turn takes both balances and records its row only if both cover it, as the calls
 * one after the other would. Answers one outcome per reservation, in order.
 */
const RESERVE_MANY = `
create or replace function ${RESERVE_MANY_FUNCTION}(
  p_ids varchar[], p_nodes varchar[], p_users bigint[], p_tokens bigint[],
  p_token_unlimited integer[], p_amounts bigint[], p_now bigint) returns text[]
language plpgsql as $$
declare
  outcomes text[] := '{}';
  v_quota bigint;
  v_remain bigint;
  v_limits boolean;
begin
  perform 1 from users where id = any(p_users) order by id for update;
  perform 1 from tokens where id in (
    select t from unnest(p_tokens, p_token_unlimited) as x(t, u) where u = 0 and t > 0
  ) order by id for update;
  for i in 1 .. coalesce(array_length(p_ids, 1), 0) loop
    v_limits := p_token_unlimited[i] = 0 and p_tokens[i] > 0;
    select quota into v_quota from users where id = p_users[i];
    if v_quota is null or v_quota <= 0 or v_quota < p_amounts[i] then
      outcomes := outcomes || 'user_quota_exhausted'::text;
      continue;
    end if;
    if v_limits then
      select remain_quota into v_remain from tokens where id = p_tokens[i];
      if v_remain is null or v_remain <= 0 or v_remain < p_amounts[i] then
        outcomes := outcomes || 'token_quota_exhausted'::text;
        continue;
      end if;
      update tokens set remain_quota = remain_quota - p_amounts[i] where id = p_tokens[i];
    end if;
    update users set quota = quota - p_amounts[i] where id = p_users[i];
    insert into reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at)
      values (p_ids[i], p_nodes[i], p_users[i], p_tokens[i], p_token_unlimited[i], p_amounts[i], p_now);
    outcomes := outcomes || 'reserved'::text;
  end loop;
  return outcomes;
end
$$`;
