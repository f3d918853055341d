import type { SourceSchema } from './new-api-schemas.ts';
import type { SourceFacts } from './new-api-seed.ts';

export const HOUR = 1_767_225_600; // 2026-01-01 00:00 UTC

export type Insert = (table: string, rows: Record<string, unknown>[]) => Promise<void>;

/** What the users did: top-ups, a few thousand logs, the dashboard's hours, a drawing, a song. */
export async function fillActivity(
  insert: Insert,
  schema: SourceSchema,
  facts: SourceFacts,
  flag: (value: boolean) => boolean | number,
): Promise<void> {
  const { alice } = facts;
  if (schema.top_ups) {
    await insert('top_ups', [
      {
        id: 1,
        user_id: alice.id,
        amount: 10,
        money: 7.3,
        trade_no: 'USR2NO1',
        payment_method: 'alipay',
        create_time: HOUR,
        complete_time: HOUR,
        status: 'success',
      },
      {
        id: 2,
        user_id: alice.id,
        amount: 5,
        money: 3.65,
        trade_no: '',
        create_time: HOUR,
        status: 'pending',
      },
    ]);
  }
  const logs = Array.from({ length: facts.logCount }, (_, i) => ({
    id: i + 1,
    user_id: i % 2 ? alice.id : 1,
    created_at: HOUR + i * 60,
    type: 2,
    content: 'model ratio 0.075',
    username: i % 2 ? alice.username : 'root',
    token_name: i % 2 ? 'alice-main' : 'root',
    model_name: 'gpt-4o-mini',
    quota: 100 + i,
    prompt_tokens: 10,
    completion_tokens: 20,
    use_time: 2,
    elapsed_time: 2400,
    is_stream: flag(i % 3 === 0),
    channel_id: facts.channelId,
    token_id: i % 2 ? alice.tokenId : 7,
    group: 'default',
    ip: '10.0.0.1',
    request_id: `req-${i}`,
    other: '{"model_ratio":0.075}',
  }));
  await insert('logs', logs);
  if (schema.quota_data) {
    await insert('quota_data', [
      {
        id: 1,
        user_id: alice.id,
        username: alice.username,
        model_name: 'gpt-4o-mini',
        created_at: HOUR,
        token_used: 30,
        count: 1,
        quota: 100,
        node_name: 'a',
      },
      {
        id: 2,
        user_id: alice.id,
        username: alice.username,
        model_name: 'gpt-4o-mini',
        created_at: HOUR,
        token_used: 60,
        count: 2,
        quota: 250,
        node_name: 'b',
      },
      {
        id: 3,
        user_id: 1,
        username: 'root',
        model_name: 'gpt-4o',
        created_at: HOUR,
        token_used: 5,
        count: 1,
        quota: 40,
      },
    ]);
  }
  if (schema.midjourneys) {
    await insert('midjourneys', [
      {
        id: 1,
        code: 1,
        user_id: alice.id,
        action: 'IMAGINE',
        mj_id: 'mj-1',
        prompt: 'a cat',
        status: 'SUCCESS',
        progress: '100%',
        submit_time: HOUR,
        channel_id: facts.channelId,
        quota: 5000,
        image_url: 'https://example.com/cat.png',
      },
    ]);
  }
  if (schema.tasks) {
    await insert('tasks', [
      {
        id: 1,
        created_at: HOUR,
        updated_at: HOUR,
        task_id: 'suno-1',
        platform: 'suno',
        user_id: alice.id,
        channel_id: facts.channelId,
        quota: 300,
        action: 'MUSIC',
        status: 'SUCCESS',
        progress: '100%',
        submit_time: HOUR,
        properties: '{"input":"song"}',
        data: '{"clips":[]}',
      },
    ]);
  }
}
