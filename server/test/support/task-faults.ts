import { LogType } from '@relaygate/contract';
import { expect } from 'vitest';
import type { ConsoleClient } from './console-client.ts';
import type { Db } from '../../src/store/db.ts';
import { readLedger } from './money.ts';
import { MockMidjourney, mjRecording, recordedTask } from './mock-midjourney.ts';
import { MockSuno, recordedSubmit, recordedSunoTask } from './mock-suno.ts';
import { completedVideo, failedVideo, MockVideos, recordedVideo } from './mock-video.ts';

/**
 * The three task platforms on loopback for the fault tests (tasks under kill -9, a database
 * outage, several nodes): a Suno API, a midjourney-proxy and OpenAI's Videos API, each answering
 * submissions with its recorded body under an id of its own per submission, and each task then
 * answering its recorded in-progress state to every poll until the test gives it its end:
 * success (a video at a longer duration than charged, so its difference settles) or failure.
 */
export type TaskKind = 'suno' | 'mj' | 'video';

const SUNO_SUBMIT = 'submit-music.success.doc-newapi.json';
const SUNO_RUNNING = 'fetch-batch.in-progress-streaming.doc-newapi.json';
const SUNO_DONE = 'fetch-single.music-success-complete.live-dart_suno.json';
const MJ_SUBMIT = 'submit-imagine.code1-success.live-dmxapi.json';
const MJ_RUNNING = 'task-fetch.in-progress-65.doc-octopusx.json';
const MJ_DONE = 'task-fetch.success-imagine.live-dmxapi.json';
const VIDEO_QUEUED = 'create.queued-all-fields.sora-2.doc-reseller-unattributed.json';
const VIDEO_RUNNING = 'retrieve.in-progress-33.sora-2-pro.doc-openai-guide.json';

/** The seconds a video is submitted (and charged) for, and the seconds it comes out at. */
export const VIDEO_SECONDS = 4;
const VIDEO_FINAL_SECONDS = '8';

export class TaskPlatforms {
  readonly suno = new MockSuno();
  readonly mj = new MockMidjourney();
  readonly videos = new MockVideos();
  /** The upstream ids handed out, per platform, in order. */
  readonly ids: Record<TaskKind, string[]> = { suno: [], mj: [], video: [] };
  private readonly tag = Math.random().toString(36).slice(2, 8);

  async start(): Promise<this> {
    await Promise.all([this.suno.start(), this.mj.start(), this.videos.start()]);
    this.suno.upstream.handler('/suno/submit/MUSIC', () => {
      const id = this.next('suno');
      this.suno.task(id, recordedSunoTask(SUNO_RUNNING, id));
      return { json: recordedSubmit(SUNO_SUBMIT, id) };
    });
    this.mj.upstream.handler('/mj/submit/imagine', () => {
      const id = this.next('mj');
      this.mj.task(id, recordedTask(MJ_RUNNING, id));
      return { json: { ...mjRecording<Record<string, unknown>>(MJ_SUBMIT), result: id } };
    });
    this.videos.upstream.handler('/v1/videos', () => {
      const id = this.next('video');
      this.videos.task(id, [recordedVideo(VIDEO_RUNNING, id)]);
      return { json: recordedVideo(VIDEO_QUEUED, id) };
    });
    return this;
  }

  private next(kind: TaskKind): string {
    const id = `${kind}-${this.tag}-${this.ids[kind].length}`;
    this.ids[kind].push(id);
    return id;
  }

  /** Every task handed out so far ends: those at an even place succeed, the others fail. */
  endAll(): void {
    this.ids.suno.forEach((id, i) =>
      this.suno.task(
        id,
        i % 2 === 0
          ? recordedSunoTask(SUNO_DONE, id)
          : recordedSunoTask(SUNO_RUNNING, id, { status: 'FAILURE', fail_reason: 'content policy' }),
      ),
    );
    this.ids.mj.forEach((id, i) =>
      this.mj.task(
        id,
        i % 2 === 0
          ? recordedTask(MJ_DONE, id)
          : recordedTask(MJ_RUNNING, id, { status: 'FAILURE', failReason: 'banned prompt' }),
      ),
    );
    this.ids.video.forEach((id, i) =>
      this.videos.task(id, [
        i % 2 === 0 ? completedVideo(id, VIDEO_FINAL_SECONDS) : failedVideo(id, 'blocked by moderation'),
      ]),
    );
  }

  /** Every platform holds its answers (submissions and polls alike) until released. */
  hold(): void {
    for (const upstream of this.upstreams()) upstream.holdAnswers();
  }

  release(): void {
    for (const upstream of this.upstreams()) upstream.releaseAnswers();
  }

  /** Requests received and not answered yet, on every platform. */
  get inFlight(): number {
    return this.upstreams().reduce((sum, upstream) => sum + upstream.inFlight, 0);
  }

  /** Submissions received so far, on every platform. */
  get submissions(): number {
    return (
      this.suno.upstream.requestsTo('/suno/submit/MUSIC').length +
      this.mj.upstream.requestsTo('/mj/submit/imagine').length +
      this.videos.upstream.requestsTo('/v1/videos').length
    );
  }

  private upstreams() {
    return [this.suno.upstream, this.mj.upstream, this.videos.upstream];
  }

  async stop(): Promise<void> {
    await Promise.all([this.suno.stop(), this.mj.stop(), this.videos.stop()]);
  }
}

/** Root adds one channel per platform, pointing at its mock. */
export async function addTaskChannels(root: ConsoleClient, platforms: TaskPlatforms): Promise<void> {
  const channels = [
    { name: 'suno', type: 36, base_url: platforms.suno.url, models: 'suno_music' },
    { name: 'mj', type: 2, base_url: platforms.mj.url, models: 'mj_imagine' },
    { name: 'videos', type: 1, base_url: platforms.videos.url, models: 'sora-2' },
  ];
  for (const channel of channels) {
    const created = await root.post('/api/channel/', { ...channel, key: 'sk-upstream', group: 'default' });
    if (!created.body.success) throw new Error(`channel refused: ${created.body.message}`);
  }
}

/** One submission of `kind` with `key`: its HTTP status (0 when the gateway died first) and body. */
export async function submitTask(
  url: string,
  key: string,
  kind: TaskKind,
): Promise<{ status: number; body: unknown }> {
  const [path, body] =
    kind === 'suno'
      ? ['/suno/submit/music', { gpt_description_prompt: 'a song' }]
      : kind === 'mj'
        ? ['/mj/submit/imagine', { prompt: 'a cat' }]
        : ['/v1/videos', { model: 'sora-2', prompt: 'a wave', seconds: String(VIDEO_SECONDS) }];
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: null };
  }
}

export interface TaskAccount {
  userId: number;
  tokenId: number;
  key: string;
  /** The wallet and the key's remaining quota when the test began. */
  wallet: number;
  token: number;
}

interface LogLine {
  type: number;
  quota: number;
  content: string;
  taskId: string;
}

async function logsOf(db: Db, userId: number, tokenId?: number): Promise<LogLine[]> {
  let query = db
    .selectFrom('logs')
    .select(['type', 'quota', 'content', 'other'])
    .where('user_id', '=', userId)
    .where('type', 'in', [LogType.Consume, LogType.Refund]);
  if (tokenId !== undefined) query = query.where('token_id', '=', tokenId);
  return (await query.execute()).map((row) => {
    let taskId = '';
    try {
      taskId = String((JSON.parse(row.other ?? '{}') as { task_id?: unknown }).task_id ?? '');
    } catch {
      // Not a task's row.
    }
    return { type: Number(row.type), quota: Number(row.quota), content: row.content ?? '', taskId };
  });
}

const net = (lines: LogLine[]) =>
  lines.reduce((sum, line) => sum + (line.type === LogType.Consume ? line.quota : -line.quota), 0);

/** One task's money as its log rows tell it. */
export interface TaskMoney {
  taskId: string;
  status: string;
  quota: number;
  /** Submission charges (a consumption naming its action). */
  charges: number;
  /** Refunds of a failure or a timeout. */
  refunds: number;
  /** Settlements of a final duration. */
  settlements: number;
}

/**
 * The money invariant of the task tests, read straight from the database, for one account: what
 * its wallet and its key lost equals its consumption rows less its refund rows, and per task of
 * its (drawings and tasks alike) the rows say it was charged at most once at submit, refunded at
 * most once, settled at most once. Answers each task's money, and the two differences (0 when it
 * holds), for the test to assert with its own expectations.
 */
export async function taskLedger(db: Db, account: TaskAccount) {
  const now = await readLedger(db, account);
  const lines = await logsOf(db, account.userId);
  const tokenLines = await logsOf(db, account.userId, account.tokenId);
  const walletGap = account.wallet - now.wallet - net(lines);
  const tokenGap = account.token - now.token - net(tokenLines);
  const drawings = await db
    .selectFrom('midjourneys')
    .select(['mj_id as taskId', 'status', 'quota'])
    .where('user_id', '=', account.userId)
    .execute();
  const others = await db
    .selectFrom('tasks')
    .select(['task_id as taskId', 'status', 'quota'])
    .where('user_id', '=', account.userId)
    .execute();
  const tasks: TaskMoney[] = [...drawings, ...others].map((row) => {
    const mine = lines.filter((line) => line.taskId === row.taskId);
    return {
      taskId: String(row.taskId),
      status: String(row.status),
      quota: Number(row.quota),
      charges: mine.filter((line) => line.type === LogType.Consume && !/ settled: /.test(line.content))
        .length,
      refunds: mine.filter((line) => line.type === LogType.Refund && / refunded: /.test(line.content)).length,
      settlements: mine.filter((line) => / settled: /.test(line.content)).length,
    };
  });
  const orphanLines = lines.filter((line) => !tasks.some((task) => task.taskId === line.taskId));
  return { walletGap, tokenGap, tasks, orphanLines };
}

/** Reservations still held by these users (0 once every submission has ended). */
export async function heldReservations(db: Db, userIds: number[]): Promise<number> {
  const rows = await db.selectFrom('reservations').select('id').where('user_id', 'in', userIds).execute();
  return rows.length;
}

/** Tasks and drawings of these users not finished yet. */
export async function unfinishedCount(db: Db, userIds: number[]): Promise<number> {
  const finished = ['SUCCESS', 'FAILURE'];
  const drawings = await db
    .selectFrom('midjourneys')
    .select('id')
    .where('user_id', 'in', userIds)
    .where('status', 'not in', finished)
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select('id')
    .where('user_id', 'in', userIds)
    .where('status', 'not in', finished)
    .execute();
  return drawings.length + tasks.length;
}

/**
 * Asserts the money of the task tests for these accounts: nothing lost without its log row, and
 * every task charged exactly once at submit (`charged` tasks in all), refunded once if it failed
 * and never if it succeeded, a finished video's duration settled once, and no row naming a task
 * that has none. Answers every task's money.
 */
export async function expectTaskMoney(
  db: Db,
  accounts: TaskAccount[],
  charged: number,
): Promise<TaskMoney[]> {
  const all: TaskMoney[] = [];
  for (const account of accounts) {
    const ledger = await taskLedger(db, account);
    const seen = JSON.stringify({ user: account.userId, ...ledger });
    expect(ledger.walletGap, `the wallet lost what its rows say ${seen}`).toBe(0);
    expect(ledger.tokenGap, `the key lost what its rows say ${seen}`).toBe(0);
    expect(ledger.orphanLines, `rows naming no task ${seen}`).toEqual([]);
    all.push(...ledger.tasks);
  }
  for (const task of all) {
    const seen = JSON.stringify(task);
    expect(['SUCCESS', 'FAILURE'], seen).toContain(task.status);
    expect(task.charges, `charged once ${seen}`).toBe(1);
    expect(task.refunds, `refunded once if it failed ${seen}`).toBe(task.status === 'FAILURE' ? 1 : 0);
    const settles = task.status === 'SUCCESS' && task.taskId.startsWith('task_') ? 1 : 0;
    expect(task.settlements, `a video's duration settled once ${seen}`).toBe(settles);
  }
  expect(all.length, 'every accepted submission recorded').toBe(charged);
  return all;
}
