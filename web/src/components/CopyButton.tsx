import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCopy } from './use-copy.tsx';

/** An icon button beside a value that copies `text` (often a secret the screen shows masked). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const copy = useCopy();
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        aria-label={label}
        data-testid={testId}
        onClick={() => void copy(text)}
      />
    </Tooltip>
  );
}
