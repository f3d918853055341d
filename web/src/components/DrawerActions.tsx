import { Button, Drawer, Flex, type ButtonProps, type DrawerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from './use-is-mobile.ts';

type SubmitProps = ButtonProps & { label?: string; 'data-testid'?: string };

/**
 * Cancel and the primary submit button, right-aligned in a drawer's footer. Everything but
 * `onCancel` and `label` (default: Submit) goes to the primary button.
 */
export function DrawerActions({ onCancel, label, ...submit }: SubmitProps & { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" {...submit}>
        {label ?? t('common.submit')}
      </Button>
    </Flex>
  );
}

/**
 * Every edit drawer of the console: 600 px wide (the whole screen on a phone), its Cancel and
 * submit buttons always in the footer, in that order.
 */
export function SideDrawer({
  onClose,
  submit,
  children,
  ...drawer
}: Omit<DrawerProps, 'footer' | 'extra' | 'size'> & { onClose: () => void; submit: SubmitProps }) {
  const phone = useIsMobile();
  return (
    <Drawer
      size={phone ? '100%' : 600}
      onClose={onClose}
      {...drawer}
      footer={<DrawerActions onCancel={onClose} {...submit} />}
    >
      {children}
    </Drawer>
  );
}
