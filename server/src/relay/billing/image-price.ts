/** new-api's per-image multipliers for DALL·E sizes and quality (reference §5.2). */
export function imageMultiplier(model: string, body: Record<string, unknown>): number {
  const n = typeof body.n === 'number' && Number.isInteger(body.n) && body.n > 0 ? body.n : 1;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  const wide = size === '1024x1792' || size === '1792x1024';
  let ratio = 1;
  if (model.startsWith('dall-e-2') || model === 'dall-e') {
    ratio = size === '256x256' ? 0.4 : size === '512x512' ? 0.45 : 1;
  } else if (model.startsWith('dall-e-3')) {
    ratio = wide ? 2 : 1;
    if (body.quality === 'hd') ratio *= wide ? 1.5 : 2;
  }
  return n * ratio;
}
