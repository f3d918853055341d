import { FilterOutlined } from '@ant-design/icons';
import { Button, Form, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from './use-is-mobile.ts';

/**
 * A list's filter form: one row of fields on a desktop; on a phone the fields stack at full width
 * behind a "Filters" toggle, so the list comes first. The fields stay mounted while folded.
 */
export function FilterForm<Values>({
  children,
  style,
  ...form
}: FormProps<Values> & { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const [open, setOpen] = useState(false);
  const fields = (
    <Form<Values>
      layout={phone ? 'vertical' : 'inline'}
      className={phone ? 'filter-form-stacked' : undefined}
      style={{ rowGap: 8, ...style }}
      {...form}
    >
      {children}
    </Form>
  );
  if (!phone) return fields;
  return (
    <div style={{ marginBottom: 12 }}>
      <Button
        icon={<FilterOutlined />}
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
        data-testid="filters-toggle"
      >
        {t('common.filters')}
      </Button>
      <div hidden={!open} style={{ marginTop: 12 }}>
        {fields}
      </div>
    </div>
  );
}
