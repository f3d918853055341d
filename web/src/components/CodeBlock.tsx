import { theme } from 'antd';

/**
 * A block of code to read and copy: monospaced, in the theme's colours, scrolling sideways inside
 * itself so a long line never widens the dialog or page it is in.
 */
export function CodeBlock({ code, testId }: { code: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: '12px 16px',
        maxWidth: '100%',
        overflowX: 'auto',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        lineHeight: 1.6,
        color: token.colorText,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <code>{code}</code>
    </pre>
  );
}
