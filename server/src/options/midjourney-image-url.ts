import type { OptionReader } from './option-reader.ts';

/** What of a drawing decides the address its image is shown at. */
export interface DrawingImage {
  mj_id: string;
  image_url: string | null;
  status: string;
}

/**
 * The address a drawing's image is shown at, to relay callers and in the console's drawing log:
 * with MjForwardUrlEnabled, the gateway's own /mj/image/<id> (the provider's address stays hidden,
 * and reachable for those who cannot reach it), changing until the drawing is done so no cache
 * keeps a half-drawn image; otherwise (or for an image given inline) the provider's own.
 */
export function drawingImageUrl(settings: OptionReader, row: DrawingImage, now = Date.now()): string {
  const own = row.image_url ?? '';
  // An image given inline (a data: address) has nothing to forward.
  if (!/^https?:\/\//i.test(own) || !settings.bool('MjForwardUrlEnabled')) return own;
  const address = `${settings.get('ServerAddress')}/mj/image/${row.mj_id}`;
  return row.status === 'SUCCESS' ? address : `${address}?rand=${now}`;
}
