import type { Adjustment, Admitted, LeaseRequest, LimitStore, Release, WindowCharge } from './store.ts';

type Steps = Pick<LimitStore, 'acquire' | 'charge' | 'release' | 'adjust'>;

/**
 * Admission made of a store's own steps, for stores whose steps cost no round trip each (memory,
 * the cluster primary): the slots taken, then the windows charged, the slots given back when a
 * window refuses.
 */
export async function admitInSteps(
  store: Steps,
  leases: LeaseRequest[],
  charges: WindowCharge[],
  now: number,
): Promise<Admitted> {
  const full = leases.length > 0 ? await store.acquire(leases, now) : -1;
  if (full >= 0) return { full };
  const charged = charges.length > 0 ? await store.charge(charges, now) : { ok: true as const };
  if (charged.ok) return { ok: true };
  if (leases.length > 0)
    await store.release(
      leases.map((l) => l.key),
      leases[0]!.holder,
    );
  return { refused: charged.index, endsAt: charged.endsAt };
}

/** A call's end made of a store's own steps: its slots given back, its windows adjusted. */
export async function finishInSteps(
  store: Steps,
  release: Release | undefined,
  adjustments: Adjustment[],
  now: number,
): Promise<void> {
  const work: Array<Promise<void>> = [];
  if (release) work.push(store.release(release.keys, release.holder));
  for (const { key, delta, endsAt } of adjustments) work.push(store.adjust(key, delta, endsAt, now));
  await Promise.all(work);
}
