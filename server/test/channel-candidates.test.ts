import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelIndex } from '../src/cache/channel-index.ts';
import { candidatesFor } from '../src/relay/routing/channel-candidates.ts';
import { RelayError } from '../src/relay/call/relay-error.ts';
import { openStore, type Store } from '../src/store/db.ts';
import { insertReturningId } from '../src/store/insert.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * A channel saved through another worker or node reaches this one as a change notice, then a
 * reload from the database. A call arriving between the two must wait for the reload, not be
 * refused for want of the channel its admin has just added.
 */
describe.skipIf(databaseUnavailable())('choosing the channels of a call', () => {
  let database: TestDatabase;
  let store: Store;
  let index: ChannelIndex;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath });
    await migrateToLatest(store);
    index = new ChannelIndex(store);
    await index.reload();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  /** A channel row written as another node writes it: straight to the database, with no reload here. */
  const addedElsewhere = (model: string) =>
    insertReturningId(store, 'channels', {
      type: 1,
      key: 'sk-elsewhere',
      name: `elsewhere ${model}`,
      base_url: 'http://127.0.0.1:9',
      models: model,
      group: 'default',
      status: 1,
    });

  it('has no reload under way when nothing changed', () => {
    expect(index.pendingReload()).toBeUndefined();
  });

  it('waits for the reload a change notice started, and finds the channel it brings', async () => {
    const id = await addedElsewhere('model-just-added');
    const reload = index.reload(); // what a change notice from another worker starts
    expect(index.candidates('default', 'model-just-added')).toEqual([]);
    const found = await candidatesFor(index, { group: 'default' }, 'model-just-added');
    expect(found.map((channel) => channel.id)).toEqual([id]);
    await reload;
    expect(index.pendingReload()).toBeUndefined();
  });

  it('waits the same way for a channel an admin pinned with sk-key-<id>', async () => {
    const id = await addedElsewhere('model-pinned');
    void index.reload();
    const found = await candidatesFor(index, { group: 'default', pinnedChannelId: id }, 'any-model');
    expect(found.map((channel) => channel.id)).toEqual([id]);
  });

  it("refuses in the caller's terms when no channel serves the model, reload or not", async () => {
    void index.reload();
    const refusal = await Promise.resolve(
      candidatesFor(index, { group: 'default' }, 'model-nobody-serves'),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RelayError);
    expect(refusal).toMatchObject({ status: 503, code: 'model_not_found' });
    const pinned = await Promise.resolve(
      candidatesFor(index, { group: 'default', pinnedChannelId: 999_999 }, 'm'),
    ).catch((error: unknown) => error);
    expect(pinned).toMatchObject({ status: 503, code: 'channel_not_available' });
  });
});
