import { App, Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { showError } from '../../../api/feedback.ts';
import { OPTIONS_QUERY_KEY } from '../api/options-api.ts';
import { OptionSection } from '../components/OptionSection.tsx';
import { sectionCardId } from '../components/SectionIndex.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { addRow, emptyRow } from '../model/ratio-rows.ts';
import { RATIO_JSON_SECTION } from '../sections/operation-sections.ts';
import { UnsetModelsPanel } from './UnsetModelsPanel.tsx';
import { useRatioRows } from './use-ratio-rows.ts';
import { VisualRatioEditor } from './VisualRatioEditor.tsx';

/** Resets the four price tables to the built-in defaults, after a confirmation. */
function ResetRatiosButton() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const reset = () =>
    modal.confirm({
      title: t('setting.ratio.resetConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.post('/api/option/rest_model_ratio');
          message.success(t('setting.ratio.resetDone'));
          await queryClient.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY });
        } catch (error) {
          showError(error);
        }
      },
    });
  return (
    <Button danger onClick={reset}>
      {t('setting.ratio.reset')}
    </Button>
  );
}

/** The card's place in the operation tab's index. */
export const RATIO_CARD = { form: 'setting_ratio_card', title: 'sections.ratios' };

/** Model prices and ratios: the JSON tables, the visual editor and the models left unpriced. */
export function ModelRatioCard({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('json');
  const [search, setSearch] = useState('');
  const { rows, setRows, discard } = useRatioRows(options);

  const addToEditor = (name: string) => {
    setRows((current) => {
      const result = addRow(current, emptyRow(name));
      return 'rows' in result ? result.rows : current;
    });
    setSearch(name);
    setTab('visual');
  };

  return (
    <Card
      id={sectionCardId(RATIO_CARD.form)}
      title={t(`setting.${RATIO_CARD.title}`)}
      size="small"
      style={{ marginBottom: 16 }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'json',
            label: t('setting.ratio.tabJson'),
            children: (
              <OptionSection section={RATIO_JSON_SECTION} options={options} actions={<ResetRatiosButton />} />
            ),
          },
          {
            key: 'visual',
            label: t('setting.ratio.tabVisual'),
            children: (
              <VisualRatioEditor
                options={options}
                rows={rows}
                setRows={setRows}
                discard={discard}
                search={search}
                onSearch={setSearch}
              />
            ),
          },
          {
            key: 'unset',
            label: t('setting.ratio.tabUnset'),
            children: <UnsetModelsPanel rows={rows} onAdd={addToEditor} />,
          },
        ]}
      />
    </Card>
  );
}
