import type { Usage } from '../answer/usage.ts';
import type { Json, OutEvent, StreamConverter } from './types.ts';
import { chunkUsage, errorMessage } from './openai-chat-read.ts';

/**
 * What every converter of an OpenAI chat stream does alike: it keeps the latest usage (billing
 * reads it even after the answer is closed), turns an error chunk into the client format's error
 * event and ends there, and sends nothing more once closed.
 */
export abstract class OpenAIChunkConverter implements StreamConverter {
  /** Set once the closing events are out (or an error was sent): later chunks only update usage. */
  protected done = false;
  protected latestUsage: Usage | undefined;
  /** The gateway's own count, given at the end of a stream that told no usage. */
  private counted: Usage | undefined;

  push({ data: chunk }: { event?: string; data: Json }): OutEvent[] {
    const usage = chunkUsage(chunk);
    if (usage) this.latestUsage = usage;
    if (this.done) return [];
    const message = errorMessage(chunk);
    if (message === undefined) return this.convert(chunk, usage);
    this.done = true;
    return [this.errorEvent(message)];
  }

  end(counted?: Usage): OutEvent[] {
    if (this.done) return [];
    this.counted = counted;
    const out = this.close();
    this.done = true;
    return out;
  }

  usage(): Usage | undefined {
    return this.latestUsage;
  }

  /** What the closing events report: the stream's usage, else the gateway's count, else nothing known. */
  protected reportedUsage(): Usage | undefined {
    return this.latestUsage ?? this.counted;
  }

  /** One chunk that is not an error; `usage` is the chunk's own usage, if it carries one. */
  protected abstract convert(chunk: Json, usage: Usage | undefined): OutEvent[];
  /** The closing events of a stream that ended before they were sent. */
  protected abstract close(): OutEvent[];
  protected abstract errorEvent(message: string): OutEvent;
}
