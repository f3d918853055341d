import { describe, expect, it } from 'vitest';
import type { OptionsCache } from '../../cache/options-cache.ts';
import { withDrawingOptions } from './mj-upstream.ts';
import { readSubmission } from './submission.ts';
import { readAnswer } from './wire.ts';

const drawing = { userId: 1, tokenId: 2, channelId: 3, action: 'IMAGINE', prompt: 'a cat' };
const read = (raw: Record<string, unknown>, status = 200, action = 'IMAGINE') =>
  readSubmission(status, raw, readAnswer(JSON.stringify(raw))!, { ...drawing, action }, 1000);

describe('reading a submission answer', () => {
  it('accepts codes 1, 21 and 22 and answers 1 for the last two', () => {
    const submitted = read({ code: 1, description: 'ok', result: '123' });
    expect(submitted.outcome).toMatchObject({
      accepted: true,
      taskId: '123',
      row: { status: 'SUBMITTED', mj_id: '123' },
    });
    const queued = read({
      code: 22,
      description: 'queued',
      result: '124',
      properties: { numberOfQueues: 1 },
    });
    expect(queued.outcome.accepted).toBe(true);
    expect(queued.reply).toMatchObject({ code: 1, properties: { numberOfQueues: 1 } });
    const exists = read({
      code: 21,
      description: 'exists',
      result: '125',
      properties: { status: 'SUCCESS', imageUrl: 'https://x/i.png' },
    });
    expect(exists.outcome).toMatchObject({
      accepted: true,
      row: { status: 'SUCCESS', progress: '100%', image_url: 'https://x/i.png', code: 1 },
    });
    expect(exists.reply.code).toBe(1);
    // A plus proxy waiting for its modal.
    const modal = read({ code: 21, description: '窗口等待', result: '126' }, 200, 'PAN');
    expect(modal.outcome).toMatchObject({ accepted: true, row: { status: 'MODAL' } });
    // Inpaint and custom zoom keep their 21: the caller must send the modal.
    expect(read({ code: 21, description: 'w', result: '127' }, 200, 'INPAINT').reply.code).toBe(21);
  });

  it('records anything else as a failed drawing, its answer passed on', () => {
    for (const [raw, status] of [
      [{ code: 24, description: '可能包含敏感词', properties: { bannedWord: 'nude' } }, 200],
      [{ code: 23, description: '队列已满', result: '1' }, 200],
      [{ code: 1, description: 'ok', result: '1' }, 500],
    ] as const) {
      const refused = read(raw, status);
      expect(refused.outcome).toMatchObject({
        accepted: false,
        row: { status: 'FAILURE', progress: '100%', fail_reason: raw.description },
      });
      expect(refused.reply).toBe(raw);
    }
  });

  it('finishes an upload at once', () => {
    const upload = read(
      { code: 1, description: 'success', result: ['https://cdn/a.jpg', 'https://cdn/b.jpg'] },
      200,
      'UPLOAD',
    );
    expect(upload.outcome).toMatchObject({
      accepted: true,
      row: { status: 'SUCCESS', progress: '100%', image_url: 'https://cdn/a.jpg' },
    });
  });
});

describe('the drawing options on what is sent', () => {
  const settings = (on: string[]) => ({ bool: (key: string) => on.includes(key) }) as unknown as OptionsCache;
  const body = {
    prompt: 'a cat --fast --v 6 --relax',
    notifyHook: 'https://me/hook',
    accountFilter: { modes: ['FAST'] },
  };

  it('drops the callback address and the account filter unless allowed, and clears modes when asked', () => {
    expect(withDrawingOptions(settings([]), body)).toEqual({ prompt: body.prompt });
    const all = withDrawingOptions(
      settings(['MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjModeClearEnabled']),
      body,
    );
    expect(all).toEqual({ ...body, prompt: 'a cat  --v 6 ' });
    expect(body.prompt).toBe('a cat --fast --v 6 --relax');
  });
});
