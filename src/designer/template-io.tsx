import { UploadOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Form, Input, List, Modal, Result, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { saveFile, useRuntime, useTr } from '../runtime';
import type { Tr } from '../runtime/runtime-context';
import { trMessage } from '../runtime/schema-messages';
import {
  copyFormat, designerPath, exportFormat, fetchDraft, formatByCode, importFormat, refusalOf, statusOf, type FormatRow,
} from './format-api';
import { readableProblem } from './template-problem';

/**
 * 模板设计's 复制, 导出 and 导入 (issue 14): a template copied under a new code as an unpublished
 * draft; exported as the server's canonical JSON, one `{formatCode}.json` per template; imported from
 * such files, each checked by the server's parser before anything of it is stored.
 */

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const CODE_MAX = 64;

/** A new code for a copy of `code`: `code_copy`, within the code's length. */
export const copyCode = (code: string) => `${code.slice(0, CODE_MAX - 5)}_copy`;

/** The server's refusal in the language shown, or a general text when it gave none worth showing. */
const refusalText = (error: unknown, tr: Tr, fallback: string) => {
  const { message } = refusalOf(error);
  return message ? trMessage(tr, message) : tr(fallback);
};

/**
 * 复制: the new template's code and name (prefilled `code_copy`, `name（副本）`); a taken or malformed
 * code is the server's refusal shown under the code. Once copied, the list refreshes (`onCopied`) and
 * the dialog offers to open the copy in its designer.
 */
export function CopyDialog({ row, onClose, onCopied }: { row: FormatRow; onClose(): void; onCopied(): void }) {
  const { request, openPage } = useRuntime();
  const tr = useTr();
  const [form] = Form.useForm<{ formatCode: string; formatName: string }>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<{ id: number; formatCode: string; formatName: string } | null>(null);

  const submit = async (values: { formatCode: string; formatName: string }) => {
    setSaving(true);
    setProblem(null);
    const body = { formatCode: values.formatCode.trim(), formatName: values.formatName.trim() };
    try {
      const made = await copyFormat(request, row.id, body);
      setCopied({ id: made.id, formatCode: made.formatCode, formatName: body.formatName });
      onCopied();
    } catch (error) {
      const { field } = refusalOf(error);
      const text = refusalText(error, tr, '复制失败，请稍后重试');
      if (field === 'formatCode' || field === 'formatName') form.setFields([{ name: field, errors: [text] }]);
      else setProblem(text);
    } finally {
      setSaving(false);
    }
  };

  const openCopy = () => {
    if (!copied) return;
    openPage?.(designerPath({ id: copied.id, formatType: row.formatType }));
    onClose();
  };

  return (
    <Modal
      open title={tr('复制模板：{name}', { name: row.formatName })} onCancel={onClose} destroyOnHidden maskClosable={false}
      footer={copied
        ? [<Button key="close" onClick={onClose}>{tr('关闭')}</Button>, <Button key="open" type="primary" onClick={openCopy}>{tr('打开设计器')}</Button>]
        : [<Button key="cancel" onClick={onClose}>{tr('取消')}</Button>, <Button key="ok" type="primary" loading={saving} onClick={() => form.submit()}>{tr('复制')}</Button>]}
    >
      {copied ? (
        <Result
          status="success" title={tr('已复制为「{name}」', { name: copied.formatName })}
          subTitle={tr('新模板 {code} 是未发布的草稿：设计并发布后才会在页面中使用。', { code: copied.formatCode })}
        />
      ) : (
        <Form
          form={form} name="format-copy" layout="vertical" onFinish={(v) => void submit(v)}
          initialValues={{ formatCode: copyCode(row.formatCode), formatName: `${row.formatName}（副本）` }}
        >
          <Form.Item label={tr('复制自')}><Typography.Text>{row.formatName}（{row.formatCode}）</Typography.Text></Form.Item>
          <Form.Item
            name="formatCode" label={tr('新模板编码')} extra={tr('字母、数字、下划线或连字符，不能与已有模板相同')}
            rules={[
              { required: true, whitespace: true, message: tr('请输入模板编码') },
              { max: CODE_MAX, message: tr('长度不能超过 {n}', { n: CODE_MAX }) },
              { pattern: CODE_PATTERN, message: tr('只能包含字母、数字、下划线或连字符') },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="formatName" label={tr('新模板名称')} rules={[{ required: true, whitespace: true, message: tr('请输入模板名称') }, { max: 100, message: tr('长度不能超过 {n}', { n: 100 }) }]}>
            <Input />
          </Form.Item>
          {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
        </Form>
      )}
    </Modal>
  );
}

/**
 * 导出: each template's canonical JSON as the server wrote it, saved under the server's file name
 * (`{formatCode}.json`), one file after another. A failure has been shown by the host.
 */
export function useFormatExport(): (rows: readonly FormatRow[]) => Promise<void> {
  const { download } = useRuntime();
  const { message } = AntApp.useApp();
  const tr = useTr();
  return async (rows) => {
    let saved = 0;
    for (const row of rows) {
      try {
        const file = await exportFormat(download, row.id);
        saveFile(file.blob, file.fileName);
        saved += 1;
      } catch {
        // the host has shown why
      }
    }
    if (saved > 0) message.success(rows.length === 1 ? tr('导出成功') : tr('已导出 {n} 个模板', { n: saved }));
  };
}

/** What became of one imported file. */
export type ImportOutcome =
  | { state: 'pending' }
  | { state: 'created' | 'updated'; id: number; formatCode: string; formatType: FormatRow['formatType'] }
  /** The code is taken: the existing template's draft is replaced only when the person says so. */
  | { state: 'exists'; formatCode: string; template: Record<string, unknown> }
  | { state: 'failed'; problems: string[] };

export interface ImportItem { key: string; fileName: string; outcome: ImportOutcome }

/** A file's text as a template, or why it is not one (no request is made for it). */
export function readTemplateFile(text: string, tr: Tr): { template: Record<string, unknown> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { problem: tr('文件不是有效的 JSON，无法作为模板导入') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: tr('文件内容不是模板：应为导出的模板 JSON 对象') };
  return { template: value as Record<string, unknown> };
}

/** The problems of a refused import, readable: the parser's place and problem, or the server's message. */
function importProblems(error: unknown, template: unknown, tr: Tr): string[] {
  const { field, problem } = refusalOf(error);
  if (problem) return [readableProblem(template, field, problem, tr)];
  if (statusOf(error) === 409) return [tr('模板已被他人修改，请载入最新草稿后重试')];
  if (statusOf(error) === 403) return [tr('没有编辑模板的权限（custom_format_edit）')];
  return [refusalText(error, tr, '导入失败，请稍后重试')];
}

/**
 * 导入: one or more `.json` files, each sent to the server as it is read (a file that is not JSON is
 * refused here, without a request). The dialog lists each file's outcome: 已新建 / 已更新草稿, the
 * parser's problems, or 编码已存在 with 覆盖草稿 (the existing template's draft replaced, at its
 * current revision). `onImported` refreshes the list.
 */
export function ImportButton({ onImported }: { onImported(): void }) {
  const { request, openPage } = useRuntime();
  const tr = useTr();
  const [items, setItems] = useState<ImportItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: string, outcome: ImportOutcome) => setItems((all) => all?.map((i) => (i.key === key ? { ...i, outcome } : i)) ?? all);

  const send = async (key: string, template: Record<string, unknown>, version?: number) => {
    try {
      const done = await importFormat(request, template, version);
      set(key, { state: done.created ? 'created' : 'updated', id: done.id, formatCode: done.formatCode, formatType: template.formatType as FormatRow['formatType'] });
      return true;
    } catch (error) {
      const { field } = refusalOf(error);
      if (field === 'version' && version === undefined) set(key, { state: 'exists', formatCode: String(template.formatCode), template });
      else set(key, { state: 'failed', problems: importProblems(error, template, tr) });
      return false;
    }
  };

  const start = async (files: File[]) => {
    const batch = files.map((f, i) => ({ key: `${Date.now()}-${i}`, fileName: f.name, outcome: { state: 'pending' } as ImportOutcome }));
    setItems(batch);
    setBusy(true);
    let stored = 0;
    for (const [i, file] of files.entries()) {
      const read = readTemplateFile(await file.text(), tr);
      if ('problem' in read) set(batch[i].key, { state: 'failed', problems: [read.problem] });
      else if (await send(batch[i].key, read.template)) stored += 1;
    }
    setBusy(false);
    if (stored > 0) onImported();
  };

  const overwrite = async (item: ImportItem & { outcome: { state: 'exists' } }) => {
    setBusy(true);
    try {
      const existing = await formatByCode(request, item.outcome.formatCode);
      const draft = existing ? await fetchDraft(request, existing.id) : null;
      if (!draft) set(item.key, { state: 'failed', problems: [tr('模板不存在或无法读取')] });
      else if (await send(item.key, item.outcome.template, draft.version)) onImported();
    } catch {
      // the host has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Upload
        accept=".json,application/json" multiple showUploadList={false}
        beforeUpload={(file, list) => {
          // called once per file: the whole choice is imported once, from its first file
          if (file === list[0]) void start(list);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{tr('导入')}</Button>
      </Upload>
      {items && (
        <Modal
          open title={tr('导入模板')} onCancel={() => setItems(null)} maskClosable={false} width={720}
          footer={<Button type="primary" disabled={busy} onClick={() => setItems(null)}>{tr('关闭')}</Button>}
        >
          <List
            className="wb-template-import" dataSource={items} rowKey="key"
            renderItem={(item) => (
              <List.Item
                data-file={item.fileName}
                actions={item.outcome.state === 'created' || item.outcome.state === 'updated'
                  ? [<Button key="open" type="link" size="small" onClick={() => { const o = item.outcome as { id: number; formatType: FormatRow['formatType'] }; openPage?.(designerPath({ id: o.id, formatType: o.formatType })); setItems(null); }}>{tr('打开设计器')}</Button>]
                  : item.outcome.state === 'exists'
                    ? [<Button key="overwrite" size="small" danger disabled={busy} onClick={() => void overwrite(item as ImportItem & { outcome: { state: 'exists' } })}>{tr('覆盖草稿')}</Button>]
                    : []}
              >
                <List.Item.Meta title={<Space><Typography.Text strong>{item.fileName}</Typography.Text><OutcomeTag outcome={item.outcome} tr={tr} /></Space>} description={<OutcomeText outcome={item.outcome} tr={tr} />} />
              </List.Item>
            )}
          />
        </Modal>
      )}
    </>
  );
}

function OutcomeTag({ outcome, tr }: { outcome: ImportOutcome; tr: Tr }) {
  switch (outcome.state) {
    case 'pending': return <Tag>{tr('导入中')}</Tag>;
    case 'created': return <Tag color="green">{tr('已新建')}</Tag>;
    case 'updated': return <Tag color="blue">{tr('已更新草稿')}</Tag>;
    case 'exists': return <Tag color="orange">{tr('编码已存在')}</Tag>;
    case 'failed': return <Tag color="red">{tr('未导入')}</Tag>;
  }
}

function OutcomeText({ outcome, tr }: { outcome: ImportOutcome; tr: Tr }) {
  switch (outcome.state) {
    case 'pending': return null;
    case 'created': return <>{tr('新模板 {code}（未发布）', { code: outcome.formatCode })}</>;
    case 'updated': return <>{tr('模板 {code} 的草稿已替换，发布后生效', { code: outcome.formatCode })}</>;
    case 'exists': return <>{tr('模板编码 {code} 已存在：覆盖会替换它的草稿（已发布的版本不变）', { code: outcome.formatCode })}</>;
    case 'failed': return <ul className="wb-import-problems">{outcome.problems.map((p) => <li key={p}>{p}</li>)}</ul>;
  }
}
