import { CompassOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStatus } from '../status/status.ts';
import { siteLinks } from './site-links.ts';

/** The site's pages in the top bar: a row of links on a desktop, one menu on a phone. */
export function SiteLinks({ user, phone }: { user: boolean; phone: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = siteLinks(useStatus(), { signedIn: user, phone });

  if (!phone) {
    return (
      <Space size={4} wrap={false}>
        {links.map((link) =>
          link.external ? (
            <Button key={link.key} type="text" href={link.to} target="_blank" rel="noreferrer">
              {t(link.label)}
            </Button>
          ) : (
            <Link key={link.key} to={link.to}>
              <Button type="text">{t(link.label)}</Button>
            </Link>
          ),
        )}
      </Space>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: links.map((link) => ({
          key: link.key,
          label: link.external ? (
            <a href={link.to} target="_blank" rel="noreferrer">
              {t(link.label)}
            </a>
          ) : (
            t(link.label)
          ),
        })),
        onClick: ({ key }) => {
          const link = links.find((entry) => entry.key === key);
          if (link && !link.external) navigate(link.to);
        },
      }}
    >
      <Button
        type="text"
        data-testid="site-links"
        aria-label={t('shell.siteLinks')}
        icon={<CompassOutlined />}
      />
    </Dropdown>
  );
}
