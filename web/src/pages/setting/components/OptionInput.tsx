import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../model/option-fields.ts';
import type { GroupLimitRow } from '../model/group-limits.ts';
import { ConfirmOffSwitch } from './ConfirmOffSwitch.tsx';
import { GroupLimitsEditor } from './GroupLimitsEditor.tsx';

/** antd's Form.Item passes id, value and onChange; they go straight to the input. */
type Props = { field: FieldSpec } & Record<string, unknown>;

/** The input for one option. */
export function OptionInput({ field, ...control }: Props) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'bool':
      return field.confirmOff ? (
        <ConfirmOffSwitch {...control} question={t(`setting.${field.confirmOff}`)} />
      ) : (
        <Switch {...control} />
      );
    case 'int':
    case 'float':
      return (
        <InputNumber
          {...control}
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          precision={field.kind === 'int' ? 0 : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
    case 'json':
      return (
        <Input.TextArea
          {...control}
          rows={field.rows ?? 6}
          style={field.kind === 'json' ? { fontFamily: 'monospace' } : undefined}
        />
      );
    case 'groupLimits':
      return (
        <GroupLimitsEditor
          id={control.id as string | undefined}
          value={control.value as GroupLimitRow[] | undefined}
          onChange={control.onChange as ((rows: GroupLimitRow[]) => void) | undefined}
        />
      );
    case 'secret':
      return (
        <Input.Password
          {...control}
          placeholder={t('setting.secretPlaceholder')}
          autoComplete="new-password"
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          options={(field.choices ?? []).map((choice) => ({
            value: choice.value,
            label: t(`setting.${choice.label}`),
          }))}
        />
      );
    default:
      return <Input {...control} />;
  }
}
