import { SwapOutlined } from '@ant-design/icons';
import { App as AntApp, Input, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { request } from '../request/request';
import { loadUser, refreshSession, session } from '../session/session-store';
import { HOME_TAB, closeAll } from './tabs-store';

interface OrgRow { id: number; orgCode: string; orgName: string; selected: boolean }

/**
 * The company switcher (spec 000 §4): choosing the company in use only warns; otherwise tabs and
 * cached pages are cleared, the server switches, the token is refreshed and the user reloaded.
 */
export function CompanySwitcher() {
  const { userInfo } = useSnapshot(session);
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<OrgRow[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    request<{ list: OrgRow[] }>({
      method: 'POST', url: '/sys-user-org/currentOrgs',
      body: { limit: { pn: 1, ps: 100 }, sort: [{ key: 'orgCode', dir: 'asc' }], search: keyword ? [{ conj: 'or', list: [{ key: 'orgName', op: 'like', val: keyword }, { key: 'orgCode', op: 'like', val: keyword }] }] : [] },
    }).then((d) => setRows(d.list)).catch(() => undefined);
  }, [open, keyword]);

  const choose = async (row: OrgRow) => {
    if (row.id === session.userInfo?.currentOrg) return void message.warning('现在所使用的就是当前公司！');
    setBusy(true);
    try {
      closeAll();
      navigate(HOME_TAB.value);
      await request({ method: 'POST', url: `/switchOrg/${row.id}` });
      await refreshSession();
      await loadUser();
      setOpen(false);
      message.success(`已切换到${row.orgName}`);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <span className="wb-header-item" data-testid="current-org" onClick={() => setOpen(true)} title="切换公司">
        <SwapOutlined /> {userInfo?.currentOrgName ?? ''}
      </span>
      <Modal open={open} title="切换公司" footer={null} onCancel={() => setOpen(false)} width={560} destroyOnHidden>
        <Input.Search allowClear placeholder="公司编码或名称" onSearch={setKeyword} style={{ marginBottom: 12 }} aria-label="公司编码或名称" />
        <Table<OrgRow>
          rowKey="id" size="small" loading={busy} dataSource={rows} pagination={false}
          onRow={(row) => ({ onClick: () => void choose(row), style: { cursor: 'pointer' } })}
          columns={[
            { title: '公司编码', dataIndex: 'orgCode', width: 120 },
            { title: '公司名称', dataIndex: 'orgName' },
            { title: '', dataIndex: 'selected', width: 80, render: (v: boolean) => (v ? '当前' : '') },
          ]}
        />
      </Modal>
    </>
  );
}
