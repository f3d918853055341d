import { Button, Empty, Flex, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collapseModels } from './models-collapse.ts';
import { useUserModels } from './personal-api.ts';

/** The models the user may call, as tags, collapsed after ten. */
export function ModelTags() {
  const { t } = useTranslation();
  const models = useUserModels();
  const [expanded, setExpanded] = useState(false);
  if (models.isLoading) return <Spin size="small" />;
  if (models.error) return <Tag color="error">{models.error.message}</Tag>;
  const tags = collapseModels(models.data ?? [], expanded);
  if (tags.visible.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.account.noModels')} />;
  return (
    <Flex wrap gap={6} align="center">
      {tags.visible.map((model) => (
        <Tag key={model} style={{ marginInlineEnd: 0 }}>
          {model}
        </Tag>
      ))}
      {tags.collapsible && (
        <Button type="link" size="small" onClick={() => setExpanded(!expanded)}>
          {expanded ? t('personal.account.collapse') : t('personal.account.expand', { count: tags.hidden })}
        </Button>
      )}
    </Flex>
  );
}
