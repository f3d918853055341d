import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import type { FetchTask } from './task-info.ts';
import type { VideoRequest } from './video-request.ts';
import type { AcceptedVideo } from './video-submit.ts';
import type { VideoPrivateData } from './video-task-data.ts';

/** One kind of video upstream (Sora through OpenAI channels, Kling): how it is priced, sent and asked. */
export interface VideoProvider {
  /** A submission's duration when it names none (Sora 4 s, Kling 5 s). */
  defaultSeconds: number;
  /** The price's multiplier besides the duration (Sora's size ratio; 1 elsewhere). */
  sizeRatio(size: string): number;
  /** new-api's action of a new task (generate, textGenerate). */
  action(request: VideoRequest): string;
  /** Sends a new task to a channel (the engine charges it when this answers). */
  submit(
    runtime: RelayRuntime,
    channel: RoutableChannel,
    request: VideoRequest,
    seconds: number,
  ): (upstreamModel: string) => Promise<AcceptedVideo>;
  fetchTask: FetchTask;
  /** Asks for a task's video (variant: OpenAI's video, thumbnail or spritesheet), to be streamed on. */
  content(
    runtime: RelayRuntime,
    channel: RoutableChannel,
    data: VideoPrivateData,
    variant: string,
  ): Promise<Dispatcher.ResponseData>;
}
