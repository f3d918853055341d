import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseLogFilter, parseTargetTimestamp } from './filters.ts';

const admin = { admin: true };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error('expected a refusal');
}

describe('parseLogFilter', () => {
  it('reads every filter of the console, numbers as numbers', () => {
    const filter = parseLogFilter(
      {
        type: '2',
        start_timestamp: '100',
        end_timestamp: '200',
        username: 'alice',
        token_name: ' tok ',
        model_name: 'gpt-4o',
        channel: '7',
        group: 'vip',
        request_id: 'r1',
        upstream_request_id: 'u1',
        keyword: 'hello',
        p: '2',
      },
      admin,
    );
    expect(filter).toEqual({
      userId: undefined,
      type: 2,
      startTimestamp: 100,
      endTimestamp: 200,
      username: 'alice',
      tokenName: 'tok',
      modelName: 'gpt-4o',
      channelId: 7,
      group: 'vip',
      requestId: 'r1',
      upstreamRequestId: 'u1',
      keyword: 'hello',
    });
  });

  it('treats blank and missing values as no filter', () => {
    const filter = parseLogFilter({ type: '', username: '  ', start_timestamp: '' }, admin);
    expect(Object.values(filter).every((v) => v === undefined)).toBe(true);
    expect(parseLogFilter(undefined, admin).type).toBeUndefined();
  });

  it('ignores username and channel outside the admin scope and pins the user', () => {
    const filter = parseLogFilter(
      { username: 'bob', channel: '3', model_name: 'm' },
      { admin: false, userId: 9 },
    );
    expect(filter).toMatchObject({ userId: 9, username: undefined, channelId: undefined, modelName: 'm' });
  });

  it('refuses values of the wrong kind, naming the field', () => {
    expect(refusal(() => parseLogFilter({ type: 'abc' }, admin))).toMatch(
      /invalid parameter: type: .*whole number/,
    );
    expect(refusal(() => parseLogFilter({ start_timestamp: '-5x' }, admin))).toMatch(/start_timestamp/);
    expect(refusal(() => parseLogFilter({ end_timestamp: '1.5' }, admin))).toMatch(/end_timestamp/);
    expect(refusal(() => parseLogFilter({ channel: '-1' }, admin))).toMatch(/channel/);
    expect(refusal(() => parseLogFilter({ type: ['1', '2'] }, admin))).toMatch(/type/);
    expect(refusal(() => parseLogFilter({ token_name: 'x'.repeat(256) }, admin))).toMatch(
      /token_name: .*255/,
    );
  });
});

describe('parseTargetTimestamp', () => {
  it('reads unix seconds', () => {
    expect(parseTargetTimestamp({ target_timestamp: '1700000000' })).toBe(1700000000);
  });

  it('asks for a time when it is missing, zero or not a number', () => {
    for (const query of [
      undefined,
      {},
      { target_timestamp: '' },
      { target_timestamp: '0' },
      { target_timestamp: 'abc' },
    ]) {
      expect(refusal(() => parseTargetTimestamp(query))).toMatch(/please choose a time/);
    }
    expect(refusal(() => parseTargetTimestamp({ target_timestamp: ['1', '2'] }))).toMatch(
      /please choose a time/,
    );
  });
});
