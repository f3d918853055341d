/** The settlement side of the relay as metrics: batches written, and the journal's depth and age. */
import type { Metrics } from '../../ops/metrics.ts';
import type { SettlementBatcher } from './settlement-batcher.ts';

export function addSettlementGauges(metrics: Metrics, batcher: SettlementBatcher): void {
  metrics.add({
    name: 'relaygate_settlement_batches_total',
    help: 'Settlement batches committed, and deferred to the journal because the database refused them.',
    type: 'counter',
    values: () => [
      { labels: { result: 'committed' }, value: batcher.batches.committed },
      { labels: { result: 'deferred' }, value: batcher.batches.deferred },
    ],
  });
  metrics.add({
    name: 'relaygate_settlement_journal_depth',
    help: 'Settlements kept in the journal until the database takes them.',
    type: 'gauge',
    values: () => [{ labels: {}, value: batcher.journalDepth }],
  });
  metrics.add({
    name: 'relaygate_settlement_journal_age_seconds',
    help: 'Seconds the journal has held settlements without being emptied (0 while empty); the oldest worker.',
    type: 'gauge',
    aggregator: 'max',
    values: () => [{ labels: {}, value: Math.floor(batcher.journalAgeSeconds) }],
  });
}
