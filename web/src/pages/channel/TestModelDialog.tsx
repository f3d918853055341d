import type { ChannelView } from '@relaygate/contract';
import { Button, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitNames } from './channel-status.ts';
import { useChannelTest } from './use-channel-test.ts';

/** Picks one of the channel's models and tests the channel with it. */
export function TestModelDialog({ channel, onClose }: { channel: ChannelView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [testing, setTesting] = useState<string | null>(null);
  const test = useChannelTest();
  const models = splitNames(channel?.models).filter((model) =>
    model.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  const run = (model: string) => {
    if (!channel) return;
    setTesting(model);
    test.mutate({ channel, model }, { onSettled: () => setTesting(null) });
  };

  return (
    <Modal
      open={channel !== null}
      title={t('channel.test.pickTitle', { name: channel?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      afterClose={() => setFilter('')}
    >
      <Input.Search
        allowClear
        placeholder={t('channel.test.searchModel')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Table
        size="small"
        rowKey={(model) => model}
        dataSource={models}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('channel.field.model'), render: (_value, model) => model },
          {
            title: t('common.actions'),
            width: 100,
            render: (_value, model) => (
              <Button
                size="small"
                loading={testing === model}
                disabled={testing !== null && testing !== model}
                onClick={() => run(model)}
              >
                {t('channel.action.test')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
