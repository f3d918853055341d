import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The recorded provider responses live beside the repository (../shared/fixtures/upstream) and
 * are not ours to commit: tests read them in place. RELAYGATE_FIXTURES overrides the folder.
 */
const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = resolve(
  process.env.RELAYGATE_FIXTURES ?? join(here, '../../../../shared/fixtures/upstream'),
);
export const fixturesAvailable = existsSync(FIXTURES_DIR);

if (!fixturesAvailable) {
  console.warn(
    `\n*** recorded fixtures not found at ${FIXTURES_DIR}: the suites that replay them are SKIPPED ***\n`,
  );
}

export const fixtureText = (path: string): string => readFileSync(join(FIXTURES_DIR, path), 'utf8');

/** A binary recording's bytes as captured (AWS event-stream frames). */
export const fixtureBytes = (path: string): Buffer => readFileSync(join(FIXTURES_DIR, path));

/**
 * The collected recordings (upstream-collected/ beside upstream/: the Chinese providers, task APIs
 * and more, with their PROVENANCE.md), read in place the same way; RELAYGATE_COLLECTED_FIXTURES
 * overrides the folder.
 */
const COLLECTED_DIR = resolve(
  process.env.RELAYGATE_COLLECTED_FIXTURES ?? join(FIXTURES_DIR, '../upstream-collected'),
);
export const collectedAvailable = existsSync(COLLECTED_DIR);

/** A collected recording's path, for the fixture readers here (fixtureJson(collected('zhipu/…'))). */
export const collected = (path: string): string => relative(FIXTURES_DIR, join(COLLECTED_DIR, path));
export const fixtureJson = <T = Record<string, unknown>>(path: string): T =>
  JSON.parse(fixtureText(path)) as T;

/** The events of a .chunks.txt recording: one JSON document per line. */
export const fixtureChunks = (path: string): string[] =>
  fixtureText(path)
    .split('\n')
    .filter((line) => line.trim() !== '');

/** The data payloads of a raw .sse recording, without the closing [DONE]. */
export const fixtureSseData = (path: string): string[] =>
  fixtureText(path)
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => line.slice('data: '.length));

/** An Anthropic .chunks.txt recording as the named events Anthropic sends (the name is each line's type). */
export const anthropicEvents = (path: string): Array<{ event: string; data: string }> =>
  fixtureChunks(path).map((line) => ({ event: eventName(line), data: line }));

/** The top-level type of an event line; for a broken line, the first "type" in it. */
function eventName(line: string): string {
  try {
    return String((JSON.parse(line) as { type?: unknown }).type);
  } catch {
    return /"type":"([^"]+)"/.exec(line)?.[1] ?? 'message';
  }
}

/** Whether every line of a recording is whole JSON (some recordings keep a provider's broken events). */
export const allLinesJson = (path: string): boolean =>
  fixtureChunks(path).every((line) => {
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  });

/** A Gemini .chunks.txt recording as the unnamed events of streamGenerateContent?alt=sse. */
export const geminiEvents = (path: string): Array<{ data: string }> =>
  fixtureChunks(path).map((data) => ({ data }));
