import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Flex, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/groups.ts';
import {
  emptyRow,
  groupLimitProblems,
  groupLimitsJson,
  MAX_COUNT,
  MIN_SUCCESS,
  MIN_TOTAL,
  type GroupLimitRow,
  type RowProblem,
} from '../model/group-limits.ts';

interface Props {
  id?: string;
  value?: GroupLimitRow[];
  onChange?: (rows: GroupLimitRow[]) => void;
}

const cell = (basis: number) => ({ flex: `1 1 ${basis}px`, minWidth: 0 });

/** The per-group overrides of the model request rate limit: one row per group, saved as JSON. */
export function GroupLimitsEditor({ id = 'groupLimits', value = [], onChange }: Props) {
  const { t } = useTranslation();
  const groups = useGroups().data ?? [];
  const problems = groupLimitProblems(value);
  const update = (index: number, patch: Partial<GroupLimitRow>) =>
    onChange?.(value.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => onChange?.(value.filter((_row, at) => at !== index));
  const unused = groups.filter((group) => !value.some((row) => row.group.trim() === group));

  return (
    <Flex vertical gap={12} id={id}>
      {value.length === 0 && (
        <Typography.Text type="secondary">{t('setting.groupLimits.none')}</Typography.Text>
      )}
      {value.map((row, index) => (
        <div key={index} data-testid="group-limit-row">
          <Flex wrap gap={8} align="end">
            <label style={cell(240)}>
              <Typography.Text type="secondary">{t('setting.groupLimits.group')}</Typography.Text>
              <AutoComplete
                id={`${id}_${index}_group`}
                value={row.group}
                options={unused.map((group) => ({ value: group }))}
                onChange={(group: string) => update(index, { group })}
                placeholder={t('setting.groupLimits.groupPlaceholder')}
                style={{ width: '100%' }}
              />
            </label>
            <label style={cell(110)}>
              <Typography.Text type="secondary">{t('setting.groupLimits.total')}</Typography.Text>
              <InputNumber<number>
                id={`${id}_${index}_total`}
                value={row.total}
                min={MIN_TOTAL}
                max={MAX_COUNT}
                precision={0}
                onChange={(total) => update(index, { total })}
                style={{ width: '100%' }}
              />
            </label>
            <label style={cell(110)}>
              <Typography.Text type="secondary">{t('setting.groupLimits.success')}</Typography.Text>
              <InputNumber<number>
                id={`${id}_${index}_success`}
                value={row.success}
                min={MIN_SUCCESS}
                max={MAX_COUNT}
                precision={0}
                onChange={(success) => update(index, { success })}
                style={{ width: '100%' }}
              />
            </label>
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('setting.groupLimits.remove', { group: row.group || index + 1 })}
              title={t('setting.groupLimits.remove', { group: row.group || index + 1 })}
              onClick={() => remove(index)}
            />
          </Flex>
          <RowProblems problems={problems.filter((problem) => problem.row === index)} />
        </div>
      ))}
      <div>
        <Button icon={<PlusOutlined />} onClick={() => onChange?.([...value, emptyRow()])}>
          {t('setting.groupLimits.add')}
        </Button>
      </div>
      {value.length > 0 && problems.length === 0 && (
        <details>
          <summary>
            <Typography.Text type="secondary">{t('setting.groupLimits.json')}</Typography.Text>
          </summary>
          <pre data-testid="group-limits-json" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {groupLimitsJson(value)}
          </pre>
        </details>
      )}
    </Flex>
  );
}

function RowProblems({ problems }: { problems: RowProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Flex vertical>
      {problems.map((problem) => (
        <Typography.Text key={`${problem.field}-${problem.problem}`} type="danger">
          {t(`setting.groupLimits.${problem.field}`)}:{' '}
          {t(`setting.groupLimits.problem.${problem.problem}`, { min: MIN_SUCCESS, max: MAX_COUNT })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
