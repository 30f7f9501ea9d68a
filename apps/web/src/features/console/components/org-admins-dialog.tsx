import type { AdminAction } from '@anxun/shared/schemas/organisations';
import { Button, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { actOnOrganisationAdmin, type ManagedOrganisation, type OrganisationCreated } from '../api/console-api';

type Admin = ManagedOrganisation['admins'][number];
const STATUS_COLOR = { active: 'success', disabled: 'default', locked: 'warning' } as const;

/**
 * 单位管理 → 管理员: the operator stops a training manager who left (停用: his sessions end at
 * once), lets him in again, unlocks a locked one, or gives him a new password shown once.
 */
export function OrgAdminsDialog({
  org,
  onClose,
  onChanged,
  onPassword,
}: {
  org: ManagedOrganisation;
  onClose: () => void;
  onChanged: () => void;
  onPassword: (answer: OrganisationCreated) => void;
}) {
  const { t } = useTranslation();
  const [admins, setAdmins] = useState(org.admins);
  const act = (admin: Admin, action: AdminAction) =>
    actOnOrganisationAdmin(org.id, admin.id, action)
      .then((answer) => {
        setAdmins(answer.organisation.admins);
        onChanged();
        if (answer.password) onPassword(answer);
        else notifySuccess(t('console.saved'));
      })
      .catch(() => undefined);

  return (
    <Modal open title={t('console.org.adminsOf', { name: org.name })} onCancel={onClose} footer={null} width={640}>
      <Table<Admin>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={admins}
        locale={{ emptyText: t('console.org.noAdmins') }}
        data-testid="org-admins"
        scroll={{ x: 560 }}
        columns={[
          { title: t('console.org.adminName'), dataIndex: 'name', width: 110 },
          { title: t('console.account'), dataIndex: 'account', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: t('console.statusTitle'),
            dataIndex: 'status',
            width: 90,
            render: (s: Admin['status']) => <Tag color={STATUS_COLOR[s]}>{t(`console.status.${s}`)}</Tag>,
          },
          {
            title: t('console.actions'),
            key: 'actions',
            render: (_: unknown, a: Admin) => (
              <Space size={0} wrap>
                {a.status === 'disabled' ? (
                  <Button type="link" size="small" onClick={() => void act(a, 'enable')}>
                    {t('console.enable')}
                  </Button>
                ) : (
                  <Popconfirm
                    title={t('console.org.adminDisableConfirm', { name: a.name })}
                    onConfirm={() => act(a, 'disable')}
                  >
                    <Button type="link" size="small" danger data-testid="org-admin-disable">
                      {t('console.disable')}
                    </Button>
                  </Popconfirm>
                )}
                {a.status === 'locked' && (
                  <Button type="link" size="small" onClick={() => void act(a, 'unlock')}>
                    {t('console.unlock')}
                  </Button>
                )}
                <Popconfirm
                  title={t('console.org.adminResetConfirm', { name: a.name })}
                  onConfirm={() => act(a, 'reset-password')}
                >
                  <Button type="link" size="small" data-testid="org-admin-reset">
                    {t('console.resetPassword')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
