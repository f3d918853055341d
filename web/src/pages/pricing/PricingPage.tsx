import { CopyOutlined } from '@ant-design/icons';
import type { PricingAnswer, PricingEntry } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { BusinessError } from '../../api/http-errors.ts';
import { GroupLabel } from '../../components/GroupLabel.tsx';
import { ListTable } from '../../components/LoadError.tsx';
import { useCopy } from '../../components/use-copy.tsx';
import { RatioTag } from '../../components/RatioTag.tsx';
import { formatPrice, isCurrencyDisplay } from '../../lib/quota.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { filterModels, initialGroup, priceFor } from './pricing-rules.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

async function fetchPricing(): Promise<PricingAnswer> {
  const answer = (await request<PricingEntry[]>('GET', '/api/pricing')) as unknown as PricingAnswer;
  if (!answer.success) throw new BusinessError(answer.message);
  return answer;
}

/** /pricing (public): every served model's price for the chosen group, in dollars or as ratios. */
export function PricingPage() {
  const { t } = useTranslation();
  const copy = useCopy();
  const display = useQuotaDisplay();
  const displayInCurrency = isCurrencyDisplay(display);
  const pricing = useQuery({ queryKey: ['pricing'], queryFn: fetchPricing });
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [onlyGroup, setOnlyGroup] = useState(false);

  const ratios = useMemo(() => pricing.data?.group_ratio ?? {}, [pricing.data]);
  const group = chosen ?? initialGroup(ratios);
  const ratio = ratios[group] ?? 1;
  const rows = filterModels(pricing.data?.data ?? [], search, onlyGroup ? group : undefined);

  const priceCell = (entry: PricingEntry, part: 'prompt' | 'completion') => {
    const price = priceFor(entry, ratio);
    if (price.perCall !== null)
      return part === 'prompt' ? t('pricing.perCall', { price: formatPrice(price.perCall, display) }) : '-';
    if (!displayInCurrency)
      return part === 'prompt' ? (
        <RatioTag ratio={entry.model_ratio}>{t('pricing.ratio', { ratio: entry.model_ratio })}</RatioTag>
      ) : (
        t('pricing.completionRatio', { ratio: entry.completion_ratio })
      );
    return formatPrice(price[part] ?? 0, display);
  };

  const columns: TableColumnsType<PricingEntry> = [
    {
      title: t('pricing.model'),
      key: 'model',
      render: (_, entry) => (
        <Space size={4}>
          <Typography.Text>{entry.model_name}</Typography.Text>
          <Tooltip title={t('pricing.copyName')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('pricing.copyName')}
              onClick={() => void copy(entry.model_name)}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('pricing.type'),
      key: 'type',
      render: (_, entry) => (
        <Tag color={entry.quota_type === 1 ? 'blue' : 'green'}>
          {entry.quota_type === 1 ? t('pricing.typeCall') : t('pricing.typeTokens')}
        </Tag>
      ),
    },
    {
      title: displayInCurrency ? t('pricing.promptPrice') : t('pricing.modelRatio'),
      key: 'prompt',
      render: (_, entry) => <span data-testid="price-prompt">{priceCell(entry, 'prompt')}</span>,
    },
    {
      title: displayInCurrency ? t('pricing.completionPrice') : t('pricing.completionRatioTitle'),
      key: 'completion',
      render: (_, entry) => priceCell(entry, 'completion'),
    },
    {
      title: t('pricing.groups'),
      key: 'groups',
      render: (_, entry) => (
        <Space size={[4, 4]} wrap>
          {entry.enable_groups.map((name) => (
            <Tag key={name} color={name === group ? 'blue' : undefined}>
              {name}
            </Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('pricing.title')}>
      <Space wrap style={{ marginBottom: 16, width: '100%' }}>
        <Input.Search
          placeholder={t('pricing.search')}
          allowClear
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <Select
          value={group || undefined}
          onChange={setChosen}
          style={{ minWidth: 200, maxWidth: '100%' }}
          aria-label={t('pricing.group')}
          data-testid="pricing-group"
          options={Object.entries(ratios).map(([name, value]) => ({
            value: name,
            label: <GroupLabel name={name} description={pricing.data?.usable_group[name]} ratio={value} />,
          }))}
        />
        <Button type={onlyGroup ? 'primary' : 'default'} onClick={() => setOnlyGroup((v) => !v)}>
          {t('pricing.onlyGroup')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" data-testid="pricing-hint">
        <Space size={6} wrap>
          {t('pricing.hint')}
          <RatioTag ratio={ratio} />
        </Space>
      </Typography.Paragraph>
      <ListTable<PricingEntry>
        query={pricing}
        rowKey="model_name"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
    </Card>
  );
}
