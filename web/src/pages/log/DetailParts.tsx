import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RatioTag } from '../../components/RatioTag.tsx';
import { formatPrice } from '../../lib/quota.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import type { DetailPart } from './log-format.ts';

/** The pricing summary of a log row: model and group ratios in their colours, prices in the site currency. */
export function DetailParts({ parts }: { parts: DetailPart[] }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const text = (part: DetailPart) =>
    part.key === 'price'
      ? t('log.detail.price', { price: formatPrice(Number(part.values.price), display) })
      : t(`log.detail.${part.key}`, part.values);
  return (
    <Space size={[4, 2]} wrap style={{ fontSize: 12 }}>
      {parts.map((part) =>
        part.ratio === undefined ? (
          <Typography.Text key={part.key} type="secondary" style={{ fontSize: 12 }}>
            {text(part)}
          </Typography.Text>
        ) : (
          <RatioTag key={part.key} ratio={part.ratio}>
            {text(part)}
          </RatioTag>
        ),
      )}
    </Space>
  );
}
