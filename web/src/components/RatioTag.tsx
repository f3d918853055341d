import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { ratioColor } from '../lib/ratio.ts';

/** A group or model ratio in its spec colour; the text defaults to "×ratio". */
export function RatioTag({ ratio, children }: { ratio: number; children?: ReactNode }) {
  return (
    <Tag color={ratioColor(ratio)} style={{ marginInlineEnd: 0 }} data-ratio-color={ratioColor(ratio)}>
      {children ?? `×${ratio}`}
    </Tag>
  );
}
