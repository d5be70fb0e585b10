import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';

interface Download { name: string; title: string; description: string; fileName: string; size: number; updatedAt: string; url: string }

const sizeText = (n: number) => (n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);

/**
 * /appDownload (spec 000 §2.1, no sign-in): the files the installation ships, as the server lists
 * them. The weighing station is part of this web application, so there is no station app to install.
 */
export function AppDownloadPage() {
  usePageTitle('应用下载');
  const [list, setList] = useState<Download[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    request<Download[]>({ url: '/app-download/list', auth: false, quiet: true })
      .then(setList)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return (
    <div className="wb-public" style={{ padding: 24, maxWidth: 900, margin: '0 auto' }}>
      <h1 style={{ textAlign: 'center' }}>应用下载</h1>
      <Alert
        type="info" showIcon style={{ marginBottom: 16 }}
        message="称重站无需单独安装"
        description={<>称重作业在本系统的网页中进行：登录后打开 计量管理 → 称重作业 → 称重，即可连接磅秤仪表。系统没有另外的客户端或手机应用可下载，下面是随系统提供的手册。<Link to="/login">前往登录</Link></>}
      />
      {error ? <Alert type="error" showIcon message={error} /> : (
        <Card title="手册与文档">
          <List
            loading={list === null}
            dataSource={list ?? []}
            locale={{ emptyText: '本安装没有随附的手册文件' }}
            renderItem={(d) => (
              <List.Item
                data-testid={`download-${d.name}`}
                actions={[<Button key="dl" type="primary" icon={<DownloadOutlined />} href={d.url} download={d.fileName}>下载</Button>]}
              >
                <List.Item.Meta
                  title={d.title}
                  description={<>{d.description}<br /><Typography.Text type="secondary">{d.fileName} · {sizeText(d.size)} · 更新于 {dayjs(d.updatedAt).format('YYYY-MM-DD HH:mm')}</Typography.Text></>}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}
