import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import type { VideoPrivateData } from './video-task-data.ts';

/** What a poll learned of one task from its upstream, in the table's terms (new-api's TaskInfo). */
export interface TaskInfo {
  /** QUEUED, IN_PROGRESS, SUCCESS or FAILURE; undefined when the upstream's status is not known. */
  status?: string;
  /** 0–100. */
  progress?: number;
  reason?: string;
  /** The result's address at the upstream (Kling); Sora's is fetched through our content route. */
  url?: string;
  /** The duration the video came out at, when the upstream says it. */
  seconds?: number;
  /** The upstream's task object, kept as the row's data. */
  object: Record<string, unknown>;
}

/** A task as its upstream knows it: its id there, and new-api's action (Kling's path follows it). */
export interface UpstreamTask {
  data: VideoPrivateData;
  action: string;
}

/** How one kind of video channel is asked about a task. */
export type FetchTask = (
  upstream: UpstreamClient,
  channel: RoutableChannel,
  task: UpstreamTask,
  signal: AbortSignal,
) => Promise<TaskInfo | undefined>;
