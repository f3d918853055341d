import { MockUpstream } from './mock-upstream.ts';

/** A provider speaking its own protocol on loopback, over a MockUpstream: what each mock shares. */
export class MockProvider {
  readonly upstream = new MockUpstream();

  async start(): Promise<this> {
    await this.upstream.start();
    return this;
  }

  get url(): string {
    return this.upstream.url;
  }

  stop(): Promise<void> {
    return this.upstream.stop();
  }
}
