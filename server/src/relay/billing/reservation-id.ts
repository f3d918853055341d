import { randomBytes } from 'node:crypto';

/** Drawn once per process: two processes (or two starts of one) never share it. */
const processPart = randomBytes(6).toString('hex');
let counter = 0;

/**
 * A reservation's id: the time, this process's random part, then a counter, each at a fixed width,
 * so ids sort by creation. Unique across nodes and restarts like a UUID, but each new row lands at
 * the end of the reservations' key index (and calls end roughly in the order they began), where a
 * random key would dirty a different index page on every insert and delete.
 */
export function newReservationId(): string {
  counter = (counter + 1) % 36 ** 8;
  return `${Date.now().toString(36).padStart(9, '0')}${processPart}${counter.toString(36).padStart(8, '0')}`;
}
