import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import { RESERVE_MANY_FUNCTION } from './013-reserve-routines.ts';

/**
 * PostgreSQL: the batch reservation function of migration 013, same name, arguments and answers,
 * rewritten to touch each wallet and token row once per batch instead of once per reservation.
 * 013 read and updated the wallet's row for every reservation: with one busy wallet, a batch of
 * twenty made twenty row versions of it, each update walking the chain of the ones before.
 *
 * Now the batch's wallets are locked and read once (then its tokens, each in id order, as before
 * and as every settlement batch does, so the two never deadlock); each reservation is judged in
 * turn against what the batch has left of its balances, exactly as the calls one after the other
 * would be (a refused one takes nothing); then one update per table takes what was reserved from
 * each row, and one insert records the reserved calls. A node still running 013's code calls the
 * same function and gets the same answers.
 */
export function reservePerWallet(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql.raw(RESERVE_MANY_PER_WALLET).execute(db);
    },
  };
}

const RESERVE_MANY_PER_WALLET = `
create or replace function ${RESERVE_MANY_FUNCTION}(
  p_ids varchar[], p_nodes varchar[], p_users bigint[], p_tokens bigint[],
  p_token_unlimited integer[], p_amounts bigint[], p_now bigint) returns text[]
language plpgsql as $$
declare
  n integer := coalesce(array_length(p_ids, 1), 0);
  outcomes text[] := '{}';
  reserved boolean[] := '{}';
  wallet_ids bigint[];
  wallet_left bigint[];
  wallet_taken bigint[];
  token_ids bigint[];
  token_left bigint[];
  token_taken bigint[];
  v_wallet integer;
  v_token integer;
  v_amount bigint;
begin
  select coalesce(array_agg(id order by id), '{}'), coalesce(array_agg(quota order by id), '{}')
    into wallet_ids, wallet_left
    from (select id, quota from users where id = any(p_users) order by id for update) as locked;
  select coalesce(array_agg(id order by id), '{}'), coalesce(array_agg(remain_quota order by id), '{}')
    into token_ids, token_left
    from (
      select id, remain_quota from tokens where id in (
        select x.t from unnest(p_tokens, p_token_unlimited) as x(t, u) where x.u = 0 and x.t > 0
      ) order by id for update
    ) as locked;
  wallet_taken := array_fill(0::bigint, array[cardinality(wallet_ids)]);
  token_taken := array_fill(0::bigint, array[cardinality(token_ids)]);
  for i in 1 .. n loop
    v_amount := p_amounts[i];
    reserved[i] := false;
    v_wallet := array_position(wallet_ids, p_users[i]);
    if v_wallet is null or wallet_left[v_wallet] <= 0 or wallet_left[v_wallet] < v_amount then
      outcomes[i] := 'user_quota_exhausted';
      continue;
    end if;
    v_token := null;
    if p_token_unlimited[i] = 0 and p_tokens[i] > 0 then
      v_token := array_position(token_ids, p_tokens[i]);
      if v_token is null or token_left[v_token] <= 0 or token_left[v_token] < v_amount then
        outcomes[i] := 'token_quota_exhausted';
        continue;
      end if;
      token_left[v_token] := token_left[v_token] - v_amount;
      token_taken[v_token] := token_taken[v_token] + v_amount;
    end if;
    wallet_left[v_wallet] := wallet_left[v_wallet] - v_amount;
    wallet_taken[v_wallet] := wallet_taken[v_wallet] + v_amount;
    reserved[i] := true;
    outcomes[i] := 'reserved';
  end loop;
  update users set quota = users.quota - taken.amount
    from unnest(wallet_ids, wallet_taken) as taken(id, amount)
    where users.id = taken.id and taken.amount <> 0;
  update tokens set remain_quota = tokens.remain_quota - taken.amount
    from unnest(token_ids, token_taken) as taken(id, amount)
    where tokens.id = taken.id and taken.amount <> 0;
  insert into reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at)
    select r.id, r.node, r.user_id, r.token_id, r.unlimited, r.amount, p_now
    from unnest(p_ids, p_nodes, p_users, p_tokens, p_token_unlimited, p_amounts, reserved)
      as r(id, node, user_id, token_id, unlimited, amount, ok)
    where r.ok;
  return outcomes;
end
$$`;
