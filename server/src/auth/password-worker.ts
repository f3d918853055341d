import bcrypt from 'bcryptjs';

/** One bcrypt job, run in a worker thread so that hashing never blocks the event loop. */
export type PasswordJob = { hash: string; cost: number } | { compare: string; against: string };

export default function run(job: PasswordJob): Promise<string | boolean> {
  if ('hash' in job) return bcrypt.hash(job.hash, job.cost);
  return bcrypt.compare(job.compare, job.against).catch(() => false);
}
