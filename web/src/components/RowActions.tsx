import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { INLINE_ACTIONS, splitActions } from './row-actions.ts';
import { useIsMobile } from './use-is-mobile.ts';

/** One action of a table row or a toolbar's menu. */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => unknown;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Asked first, in a confirmation dialog (destructive or far-reaching actions). */
  confirm?: string;
  /** The confirmation's OK button; the action's label when not set. */
  confirmOk?: string;
}

/** Runs an action, after its confirmation when it has one. */
function useRunAction() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // A failure is shown by the action's own error notice (useApiMutation), never as an unhandled rejection.
  const attempt = async (action: RowAction) => {
    try {
      await action.onClick();
    } catch {
      /* shown already */
    }
  };
  return (action: RowAction) => {
    if (!action.confirm) return void attempt(action);
    modal.confirm({
      title: action.confirm,
      okText: action.confirmOk ?? action.label,
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action.danger },
      // On a failure the dialog just closes.
      onOk: () => attempt(action),
    });
  };
}

/** A button opening a menu of actions (each confirmed first when it asks for it). */
export function MoreActions({
  actions,
  label,
  iconOnly = false,
  testId = 'row-more',
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  actions: RowAction[];
  label?: string;
  /** Just the icon, the label kept for screen readers (a phone's narrow action column). */
  iconOnly?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const run = useRunAction();
  const text = label ?? t('common.more');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((action) => ({
          key: action.key,
          label: action.label,
          danger: action.danger,
          disabled: action.disabled || action.loading,
        })),
        onClick: ({ key }) => {
          const action = actions.find((entry) => entry.key === key);
          if (action) run(action);
        },
      }}
    >
      <Button icon={<MoreOutlined />} aria-label={text} data-testid={testId} {...button}>
        {iconOnly ? null : text}
      </Button>
    </Dropdown>
  );
}

/**
 * The row actions of every list: the first ones as link buttons, the rest under "More" (on a phone
 * all but the first), each destructive one confirmed in a dialog first.
 */
export function RowActions({
  actions,
  inline,
  iconMore = false,
}: {
  actions: (RowAction | false | null | undefined)[];
  inline?: number;
  /** "More" as just its icon on a desktop too (a table whose width is tight); always so on a phone. */
  iconMore?: boolean;
}) {
  const run = useRunAction();
  const phone = useIsMobile();
  const [buttons, more] = splitActions(actions, inline ?? INLINE_ACTIONS[phone ? 'phone' : 'desktop']);
  return (
    <Space size={0} wrap={false} data-testid="row-actions">
      {buttons.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          disabled={action.disabled}
          loading={action.loading}
          onClick={() => run(action)}
        >
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <MoreActions actions={more} type="link" size="small" iconOnly={phone || iconMore} />
      )}
    </Space>
  );
}
