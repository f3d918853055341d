import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultGroupDescriptionKey } from '../lib/group-description.ts';
import { RatioTag } from './RatioTag.tsx';

/**
 * A group's description as the console shows it: an untouched default in the reader's language
 * ("默认分组" in Chinese for "default group"), an operator's own text as written.
 */
export function useGroupDescription(): (description: string | undefined) => string {
  const { t } = useTranslation();
  return (description) => {
    const key = defaultGroupDescriptionKey(description);
    return key ? t(key) : (description ?? '');
  };
}

/** A group in a choice list: its name, its description (see useGroupDescription) and its ratio. */
export function GroupLabel({
  name,
  description,
  ratio,
}: {
  name: string;
  description?: string;
  ratio: number;
}) {
  const describe = useGroupDescription();
  return (
    <Space size={6}>
      <span>{[name, describe(description)].filter(Boolean).join(' — ')}</span>
      <RatioTag ratio={ratio} />
    </Space>
  );
}
