import type { BackgroundJobs, BackgroundJobState } from '@relaygate/contract';

/** Where a job stands, for its tag in the jobs card. */
export type JobPlace = 'here' | 'elsewhere' | 'free' | 'every';

/** One line of the jobs card, in the words the card shows. */
export interface JobRow {
  name: string;
  intervalSeconds: number;
  place: JobPlace;
  /** The process holding a leased job (empty when nobody holds it). */
  holder: string;
  /** Unix seconds; 0 when not held. */
  leaseUntil: number;
  outcome: 'ok' | 'error' | 'never';
  startedAt: number;
  durationMs: number;
  error: string;
  ranOn: string;
}

function placeOf(job: BackgroundJobState, node: string, now: number): JobPlace {
  if (job.scope === 'node') return 'every';
  if (job.holder === '' || job.lease_expires_at < now) return 'free';
  return job.holder === node ? 'here' : 'elsewhere';
}

/** The card's rows from GET /api/jobs: a lease that ran out reads as free, whoever held it last. */
export function jobRows(answer: BackgroundJobs): JobRow[] {
  return answer.jobs.map((job) => {
    const place = placeOf(job, answer.node, answer.now);
    const held = place === 'here' || place === 'elsewhere';
    return {
      name: job.name,
      intervalSeconds: Math.round(job.interval_ms / 100) / 10,
      place,
      holder: held ? job.holder : '',
      leaseUntil: held ? job.lease_expires_at : 0,
      outcome: job.last_run?.outcome ?? 'never',
      startedAt: job.last_run?.started_at ?? 0,
      durationMs: job.last_run?.duration_ms ?? 0,
      error: job.last_run?.error ?? '',
      ranOn: job.last_run?.node ?? '',
    };
  });
}
