import { MockUpstream } from './mock-upstream.ts';

type Task = Record<string, unknown>;

/**
 * A task platform's upstream on loopback (a midjourney-proxy, a Suno API): each task moves through
 * the states a test gives it, one state per poll of `pollPath` (the last repeats), so a test sees a
 * task go from submitted to in progress to done (or failed) over several polls. The poll asks by
 * `ids` in its JSON body; `answer` wraps the tasks found in the platform's answer.
 */
export class MockTaskPlatform {
  readonly upstream = new MockUpstream();
  private readonly states = new Map<string, Task[]>();
  private readonly pollPath: string;
  private readonly answer: (tasks: Task[]) => unknown;

  constructor(pollPath: string, answer: (tasks: Task[]) => unknown) {
    this.pollPath = pollPath;
    this.answer = answer;
  }

  async start(): Promise<this> {
    await this.upstream.start();
    this.upstream.handler(this.pollPath, (request) => {
      const ids = (request.json?.ids as string[] | undefined) ?? [];
      const found: Task[] = [];
      for (const id of ids) {
        const states = this.states.get(id);
        if (!states) continue;
        found.push(states.length > 1 ? states.shift()! : states[0]!);
      }
      return { json: this.answer(found) };
    });
    return this;
  }

  get url(): string {
    return this.upstream.url;
  }

  /** Task `id` answers these states to successive polls. */
  task(id: string, ...states: Task[]): this {
    this.states.set(id, [...states]);
    return this;
  }

  /** How many polls reached the mock. */
  get polls(): number {
    return this.upstream.requestsTo(this.pollPath).length;
  }

  stop(): Promise<void> {
    return this.upstream.stop();
  }
}
