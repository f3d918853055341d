import { openStore, type Store } from '../../src/store/db.ts';
import { ConsoleClient } from './console-client.ts';
import { setRelayOption, waitFor } from './relay-seed.ts';
import { spawnGateway, type SpawnedGateway } from './spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The root's access token on a cluster's fresh database (INITIAL_ROOT_ACCESS_TOKEN, at most 32 characters). */
const ROOT_ACCESS_TOKEN = 'moneyclusterroot0123456789abcdef';

/**
 * Several gateway processes on one fresh database of the kind under test (TEST_DB), as separate
 * nodes would run: each its own caches and settlement batcher. The test reads and seeds the
 * database through its own `store`, and drives the console as root through `root`.
 */
export interface MoneyCluster {
  db: TestDatabase;
  store: Store;
  nodes: SpawnedGateway[];
  root: ConsoleClient;
  /**
   * Starts one more node on the same database; given a node that crashed, the new one starts in its
   * place (its settlement journal and its node id), as a restarted process on that machine would.
   */
  addNode(inPlaceOf?: SpawnedGateway): Promise<SpawnedGateway>;
  stop(): Promise<void>;
}

export interface ClusterSetup {
  nodes: number;
  env?: Record<string, string>;
  /** Runs on the first node before the others start, so they boot with its options and channels. */
  prepare?: (root: ConsoleClient) => Promise<void>;
}

export async function startCluster(setup: ClusterSetup): Promise<MoneyCluster> {
  const db = await createTestDatabase();
  const env = { INITIAL_ROOT_ACCESS_TOKEN: ROOT_ACCESS_TOKEN, SYNC_FREQUENCY: '3600', ...setup.env };
  const nodes: SpawnedGateway[] = [];
  const cluster: MoneyCluster = {
    db,
    store: undefined as unknown as Store,
    nodes,
    root: undefined as unknown as ConsoleClient,
    async addNode(inPlaceOf) {
      const node = await spawnGateway(
        db,
        inPlaceOf ? { ...env, SETTLEMENT_JOURNAL_DIR: inPlaceOf.journalDir } : env,
      );
      nodes.push(node);
      return node;
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
      await cluster.store?.close();
      await db.drop();
    },
  };
  try {
    const first = await cluster.addNode();
    cluster.root = new ConsoleClient(first.url);
    cluster.root.bearer = ROOT_ACCESS_TOKEN;
    cluster.root.userId = 1;
    await setup.prepare?.(cluster.root);
    for (let i = 1; i < setup.nodes; i++) await cluster.addNode();
    cluster.store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** Three nodes where the database is shared by nature; one on SQLite, which is a single-node store. */
export const nodesFor = (kind: TestDatabase['kind']): number => (kind === 'sqlite' ? 1 : 3);

/** Root adds an OpenAI channel pointing at the mock, serving these models; throws if refused. */
export async function addMockChannel(root: ConsoleClient, baseUrl: string, models: string[]): Promise<void> {
  const created = await root.post('/api/channel/', {
    name: 'money mock',
    type: 1,
    key: 'sk-upstream',
    base_url: baseUrl,
    models: models.join(','),
    group: 'default',
  });
  if (!created.body.success) throw new Error(`channel refused: ${created.body.message}`);
}

/** Per-call prices in dollars (ModelPrice), so each call's cost (and reservation) is known in advance. */
export async function setPerCallPrices(root: ConsoleClient, prices: Record<string, number>): Promise<void> {
  await setRelayOption(root, 'ModelPrice', JSON.stringify(prices));
}

/**
 * A crash under load: once `answers` calls of `results` have been answered, the cluster's first
 * node is killed with SIGKILL; when the load has ended (calls in flight fail), a node is started in
 * its place. Answers whether calls were still in flight at the kill (a test asserts it).
 */
export async function crashUnderLoad(
  cluster: MoneyCluster,
  results: ReadonlyArray<{ status: number }>,
  answers: number,
  load: Promise<unknown>,
): Promise<boolean> {
  await waitFor(
    () => results.filter((r) => r.status === 200).length,
    (n) => n >= answers,
    `${answers} answered calls`,
    60_000,
  );
  await cluster.nodes[0]!.killHard();
  await load;
  const inFlight = results.some((r) => r.status === 0);
  await cluster.addNode(cluster.nodes[0]);
  return inFlight;
}
