import { describe, expect, it } from 'vitest';
import { actionOfCustomId, intentOf, modelOfAction } from './actions.ts';
import { MjError } from './wire.ts';

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof MjError) return `${error.code} ${error.description}`;
    throw error;
  }
  return 'accepted';
};

describe('drawing actions', () => {
  it('names the model an action is priced as, as new-api does', () => {
    expect(modelOfAction('IMAGINE')).toBe('mj_imagine');
    expect(modelOfAction('CUSTOM_ZOOM')).toBe('mj_custom_zoom');
    expect(modelOfAction('SWAP_FACE')).toBe('swap_face');
  });

  it("reads a plus proxy's button ids", () => {
    expect(actionOfCustomId('MJ::JOB::upsample::2::3dbbd469')).toBe('UPSCALE');
    expect(actionOfCustomId('MJ::JOB::variation::1::3dbbd469')).toBe('VARIATION');
    expect(actionOfCustomId('MJ::JOB::low_variation::1::3dbbd469::SOLO')).toBe('LOW_VARIATION');
    expect(actionOfCustomId('MJ::JOB::pan_left::1::3dbbd469::SOLO')).toBe('PAN');
    expect(actionOfCustomId('MJ::JOB::reroll::0::3dbbd469::SOLO')).toBe('REROLL');
    expect(actionOfCustomId('MJ::Outpaint::50::1::3dbbd469::SOLO')).toBe('ZOOM');
    expect(actionOfCustomId('MJ::CustomZoom::3dbbd469')).toBe('CUSTOM_ZOOM');
    expect(actionOfCustomId('MJ::Inpaint::1::3dbbd469::SOLO')).toBe('INPAINT');
    expect(refusal(() => actionOfCustomId('MJ::JOB::explode::1::x'))).toBe(
      '4 unknown_action:MJ::JOB::explode::1::x',
    );
    expect(refusal(() => actionOfCustomId('nonsense'))).toBe('4 unknown_action:nonsense');
    expect(refusal(() => actionOfCustomId(''))).toBe('4 custom_id_is_required');
  });

  it('reads what each route asks, and refuses what names no action', () => {
    expect(intentOf('imagine', { prompt: 'a cat' })).toEqual({ action: 'IMAGINE' });
    expect(intentOf('simple-change', { content: '1320098173412546 U2' })).toEqual({
      action: 'UPSCALE',
      followsTaskId: '1320098173412546',
    });
    expect(intentOf('simple-change', { content: '1320098173412546 r' })).toEqual({
      action: 'REROLL',
      followsTaskId: '1320098173412546',
    });
    expect(intentOf('change', { taskId: 't', action: 'variation', index: 3 })).toEqual({
      action: 'VARIATION',
      followsTaskId: 't',
    });
    expect(intentOf('modal', { taskId: 't' })).toEqual({ action: 'MODAL', followsTaskId: 't' });
    expect(intentOf('video', { prompt: 'x' })).toEqual({ action: 'VIDEO' });
    expect(refusal(() => intentOf('imagine', { prompt: ' ' }))).toBe('4 prompt_is_required');
    expect(refusal(() => intentOf('change', { taskId: 't', action: 'EXPLODE', index: 1 }))).toBe(
      '4 unknown_action:EXPLODE',
    );
    expect(refusal(() => intentOf('change', { taskId: 't', action: 'UPSCALE', index: 9 }))).toBe(
      '4 index_is_required',
    );
    expect(refusal(() => intentOf('simple-change', { content: 't U9' }))).toBe('4 content_parse_failed');
    expect(refusal(() => intentOf('simple-change', { content: 't X1' }))).toBe('4 content_parse_failed');
    expect(refusal(() => intentOf('action', { customId: 'MJ::JOB::upsample::1::x' }))).toBe(
      '4 task_id_is_required',
    );
    expect(refusal(() => intentOf('swap', { sourceBase64: 'x' }))).toBe(
      '4 sour_base64_and_target_base64_is_required',
    );
  });
});
