import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card every sign-in screen sits in, with an optional centred footer line under the form. */
export function AuthCard({
  title,
  footer,
  children,
}: {
  title: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
        {footer && (
          <Flex justify="center" style={{ marginTop: 16 }}>
            {footer}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
