import { isRootRole } from '@relaygate/contract';
import { Col, Row, Spin } from 'antd';
import { LoadError } from '../../components/LoadError.tsx';
import { AccessTokenCard } from './AccessTokenCard.tsx';
import { AccountCard } from './AccountCard.tsx';
import { BindingsCard } from './BindingsCard.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { InviteCard } from './InviteCard.tsx';
import { NotifyCard } from './NotifyCard.tsx';
import { useSelf } from '../../api/self.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** Personal settings (spec §2.5): account, invites, bindings, access token, password, deletion, notifications. */
export function PersonalPage() {
  const self = useSelf();
  if (self.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!self.data) return <LoadError query={self} />;
  const user = self.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <AccountCard user={user} />
          </Col>
          <Col span={24}>
            <InviteCard user={user} />
          </Col>
          <Col span={24}>
            <BindingsCard user={user} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <NotifyCard key={user.setting} user={user} />
          </Col>
          <Col span={24}>
            <AccessTokenCard />
          </Col>
          <Col span={24}>
            <ChangePasswordCard />
          </Col>
          {/* The server never deletes root (the site would have no owner): not offered. */}
          {!isRootRole(user.role) && (
            <Col span={24}>
              <DeleteAccountCard username={user.username} />
            </Col>
          )}
        </Row>
      </Col>
    </Row>
  );
}
