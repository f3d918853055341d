import { CopyOutlined } from '@ant-design/icons';
import type { TokenView } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { useCopy } from '../../components/use-copy.tsx';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { siteAddress } from '../../lib/site-address.ts';
import { useStatus } from '../../status/status.ts';
import { CapNote } from './CapNote.tsx';
import {
  EXAMPLE_LANGUAGES,
  PLACEHOLDER_MODEL,
  apiBaseUrl,
  callExamples,
  exampleModel,
  type ExampleLanguage,
} from './call-examples.ts';
import { USER_MODELS_QUERY_KEY, fetchUserModels } from './token-api.ts';
import { tokenCap } from './token-cap.ts';
import { fullKey, maskKey } from './token-view.ts';

/** Whose calls the guide explains; `created` is how many tokens were just made (the guide then opens by itself). */
export interface CallGuide {
  token: TokenView;
  created?: number;
}

const TAB_LABELS: Record<ExampleLanguage, string> = { curl: 'cURL', python: 'Python', node: 'Node.js' };

/** A value to copy: shown as code (masked where it is a secret), copied whole by its button. */
function CopyableValue({
  shown,
  copied,
  label,
  testId,
}: {
  shown: string;
  copied: string;
  label: string;
  testId: string;
}) {
  return (
    <Space size={4} wrap={false} style={{ maxWidth: '100%' }}>
      <Typography.Text code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {shown}
      </Typography.Text>
      <CopyButton text={copied} label={label} />
    </Space>
  );
}

/**
 * Where to send calls and how: the gateway's base URL, the key (masked; its copy button gives it
 * whole), and a chat call in curl and the OpenAI SDKs. Opened after a token is created, with what it
 * may spend, and from a token's row later.
 */
export function CallGuideModal({ guide, onClose }: { guide: CallGuide | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const status = useStatus();
  const phone = useIsMobile();
  const models = useQuery({
    queryKey: USER_MODELS_QUERY_KEY,
    queryFn: fetchUserModels,
    enabled: guide !== null,
  });

  const token = guide?.token;
  const baseUrl = apiBaseUrl(siteAddress(status, window.location.origin));
  const model = token ? exampleModel(token, models.data) : null;
  const examples = (key: string) => callExamples({ baseUrl, key, model: model ?? PLACEHOLDER_MODEL });

  return (
    <Modal
      open={guide !== null}
      title={guide?.created ? t('token.guide.createdTitle') : t('token.guide.title', { name: token?.name })}
      onCancel={onClose}
      width={680}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="call-guide-done">
          {guide?.created ? t('token.guide.done') : t('common.close')}
        </Button>
      }
    >
      {token && (
        <Flex vertical gap={12} data-testid="call-guide">
          {guide?.created !== undefined && guide.created > 1 && (
            <Alert
              type="success"
              showIcon
              title={t('token.guide.batch', { count: guide.created, name: token.name })}
            />
          )}
          {guide?.created !== undefined && <CapNote cap={tokenCap(token)} saved />}
          <Descriptions column={1} size="small" bordered layout={phone ? 'vertical' : 'horizontal'}>
            <Descriptions.Item label={t('token.guide.baseUrl')}>
              <CopyableValue
                shown={baseUrl}
                copied={baseUrl}
                label={t('token.guide.copyBaseUrl')}
                testId="call-base-url"
              />
              {!status?.server_address && (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
                  {t('token.guide.fromOrigin')}
                </Typography.Paragraph>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('token.key')}>
              <CopyableValue
                shown={maskKey(token.key)}
                copied={fullKey(token.key)}
                label={t('token.copyKey')}
                testId="call-key"
              />
            </Descriptions.Item>
          </Descriptions>
          <LoadError
            query={models}
            title={t('token.guide.modelsFailed', { placeholder: PLACEHOLDER_MODEL })}
          />
          {models.isSuccess && model === null && (
            <Alert
              type="info"
              showIcon
              title={t('token.guide.noModel', { placeholder: PLACEHOLDER_MODEL })}
            />
          )}
          <Tabs
            size="small"
            items={EXAMPLE_LANGUAGES.map((language) => ({
              key: language,
              label: TAB_LABELS[language],
              children: (
                <Flex vertical gap={8}>
                  <CodeBlock
                    code={examples(maskKey(token.key))[language]}
                    testId={`call-example-${language}`}
                  />
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('token.guide.copyHasKey')}
                    </Typography.Text>
                    <Button
                      icon={<CopyOutlined />}
                      onClick={() => void copy(examples(fullKey(token.key))[language])}
                      data-testid={`call-example-copy-${language}`}
                    >
                      {t('token.guide.copyExample')}
                    </Button>
                  </Flex>
                </Flex>
              ),
            }))}
          />
        </Flex>
      )}
    </Modal>
  );
}
