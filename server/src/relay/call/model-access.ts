import type { FastifyInstance } from 'fastify';
import type { Caller } from './caller.ts';
import { RelayError } from './relay-error.ts';
import { msg } from '../../i18n/text.ts';

/** The models a caller may use: the key's allow-list, else every model its group's channels serve. */
export function callerModels(app: FastifyInstance, caller: Caller): string[] {
  return caller.modelLimits ? [...caller.modelLimits].sort() : app.channels.models([caller.group]);
}

/** A model the caller may use (named plainly or as models/{id}), or a 404 answered in the caller's shape. */
export function knownModel(app: FastifyInstance, caller: Caller, raw: string): string {
  const id = raw.startsWith('models/') ? raw.slice('models/'.length) : raw;
  if (callerModels(app, caller).includes(id)) return id;
  throw new RelayError(404, msg('relay.modelUnknown', { model: id }), 'model_not_found');
}
