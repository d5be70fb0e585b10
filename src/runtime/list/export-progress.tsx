import { Progress } from 'antd';
import { useTr } from '../runtime-context';
import { estimatePercent, type ExportProgress } from './use-export';

/** The indicator a list page shows while its export downloads: 正在导出…, the KB received and 共 N 条. */
export function ExportProgressBar({ progress, columns }: { progress: ExportProgress; columns: number }) {
  const tr = useTr();
  const kb = (progress.received / 1024).toFixed(1);
  return (
    <span className="wb-export-progress" role="status" aria-live="polite" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Progress percent={estimatePercent(progress.received, progress.total, columns)} size="small" status="active" style={{ width: 140, margin: 0 }} />
      <span>{progress.total === null ? tr('正在导出… {kb} KB', { kb }) : tr('正在导出… {kb} KB，共 {n} 条', { kb, n: progress.total })}</span>
    </span>
  );
}
