import { describe, expect, it } from 'vitest';
import type { OptionReader } from './option-reader.ts';
import { drawingImageUrl } from './midjourney-image-url.ts';

const settings = (forward: boolean) =>
  ({ bool: () => forward, get: () => 'https://gw.example' }) as unknown as OptionReader;
const row = { mj_id: '17', image_url: 'https://cdn.example/a.png', status: 'SUCCESS' };

describe('where a drawing image is shown', () => {
  it('is the gateway itself with the forward option, changing until the drawing is done', () => {
    expect(drawingImageUrl(settings(true), row)).toBe('https://gw.example/mj/image/17');
    expect(drawingImageUrl(settings(true), { ...row, status: 'IN_PROGRESS' }, 5)).toBe(
      'https://gw.example/mj/image/17?rand=5',
    );
  });

  it("is the provider's own without it, and always for no image or an inline one", () => {
    expect(drawingImageUrl(settings(false), row)).toBe(row.image_url);
    expect(drawingImageUrl(settings(true), { ...row, image_url: null })).toBe('');
    expect(drawingImageUrl(settings(true), { ...row, image_url: 'data:image/png;base64,AA' })).toBe(
      'data:image/png;base64,AA',
    );
  });
});
