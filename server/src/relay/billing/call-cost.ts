import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../call/endpoints.ts';
import type { RelayBody } from '../call/relay-body.ts';
import { promptText } from '../answer/token-counter.ts';
import { imageMultiplier } from './image-price.ts';
import { perCallQuota, reservationQuota, type Price } from './pricing.ts';

/** Per-call price for images (n × size), else the plain per-call price. */
export function perCallCost(endpoint: Endpoint, body: RelayBody, price: Price): number {
  return endpoint.kind === 'image'
    ? perCallQuota(price, imageMultiplier(body.model, body.json ?? {}))
    : perCallQuota(price);
}

/** What to reserve before the call: the per-call price, or new-api's token estimate at the ratios. */
export function estimateCost(
  app: FastifyInstance,
  endpoint: Endpoint,
  body: RelayBody,
  price: Price,
): number {
  if (price.perCall) return perCallCost(endpoint, body, price);
  const promptEstimate = body.json ? Math.ceil(promptText(body.json).length / 4) : 0;
  return reservationQuota(price, promptEstimate, body.maxTokens, app.settings.number('PreConsumedQuota'));
}
