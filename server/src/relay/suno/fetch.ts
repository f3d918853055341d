import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../i18n/text.ts';
import { findOwnTask, findOwnTasks } from '../../store/platform-tasks.ts';
import { callerOf } from '../call/caller.ts';
import { asObject } from '../formats/json-read.ts';
import { SUNO_PLATFORM } from './channels.ts';
import { sunoTaskView } from './task-view.ts';
import { sunoBadRequest, sunoSuccess, type SunoAnswer } from './wire.ts';

/**
 * GET /suno/fetch/:id: the caller's own task as the gateway last saw it (no upstream call; the
 * poller keeps it current). Another user's task is not found, exactly like an unknown id.
 */
export async function fetchSunoTask(app: FastifyInstance, request: FastifyRequest): Promise<SunoAnswer> {
  const { id } = request.params as { id: string };
  const row = await findOwnTask(app.store.db, SUNO_PLATFORM, callerOf(request).userId, id);
  if (!row) throw sunoBadRequest(msg('suno.taskNotExist'), 'task_not_exist');
  return sunoSuccess(sunoTaskView(row));
}

/** POST /suno/fetch {ids}: the caller's own tasks among those ids (none asked: none answered). */
export async function fetchSunoTasks(app: FastifyInstance, request: FastifyRequest): Promise<SunoAnswer> {
  const body = asObject(request.body);
  if (!body) throw sunoBadRequest(msg('suno.bodyNotObject'));
  const ids: unknown = body.ids ?? [];
  if (!Array.isArray(ids)) throw sunoBadRequest(msg('suno.idsNotList'));
  const wanted = ids.flatMap((id) => (typeof id === 'string' || typeof id === 'number' ? [String(id)] : []));
  const rows = await findOwnTasks(app.store.db, SUNO_PLATFORM, callerOf(request).userId, wanted);
  return sunoSuccess(rows.map(sunoTaskView));
}
