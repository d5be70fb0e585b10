import { useLayoutEffect, useRef, useState } from 'react';

export interface Connection { key: string; from: string; to: string; kind: 'mapping' | 'link'; title: string }
export interface SideItem { name: string; label: string }

/**
 * Two field lists side by side with an SVG line per connection: result mappings (solid) and
 * parameter links (dashed), each removed by clicking it. Clicking a left field then a right field
 * asks to connect them (`onConnect`); the caller knows which kind of connection is being drawn.
 */
export function MappingLines({ left, right, connections, leftTitle, rightTitle, onConnect, onRemove, disabled }: {
  left: readonly SideItem[]; right: readonly SideItem[]; connections: readonly Connection[]; leftTitle: string; rightTitle: string;
  onConnect(from: string, to: string): void; onRemove(key: string): void; disabled?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ys, setYs] = useState<{ left: Record<string, number>; right: Record<string, number>; x1: number; x2: number; h: number }>({ left: {}, right: {}, x1: 0, x2: 0, h: 0 });
  const [from, setFrom] = useState<string | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect();
      const read = (side: 'left' | 'right') => {
        const out: Record<string, number> = {};
        el.querySelectorAll<HTMLElement>(`[data-side="${side}"]`).forEach((n) => { const r = n.getBoundingClientRect(); out[n.dataset.name!] = r.top - top.top + r.height / 2; });
        return out;
      };
      const l = el.querySelector<HTMLElement>('.wb-pd-list-left')?.getBoundingClientRect();
      const r = el.querySelector<HTMLElement>('.wb-pd-list-right')?.getBoundingClientRect();
      setYs({ left: read('left'), right: read('right'), x1: l ? l.right - top.left : 0, x2: r ? r.left - top.left : 0, h: el.scrollHeight });
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [left, right, connections]);

  const pick = (side: 'left' | 'right', name: string) => {
    if (disabled) return;
    if (side === 'left') setFrom(from === name ? null : name);
    else if (from) { onConnect(from, name); setFrom(null); }
  };
  const linked = (side: 'left' | 'right', name: string) => connections.some((c) => (side === 'left' ? c.from : c.to) === name);

  return (
    <div className="wb-pd-mapping" ref={box}>
      {(['left', 'right'] as const).map((side) => (
        <div key={side} className={`wb-pd-list wb-pd-list-${side}`} aria-label={side === 'left' ? leftTitle : rightTitle} role="list">
          <div className="wb-pd-list-title">{side === 'left' ? leftTitle : rightTitle}</div>
          {(side === 'left' ? left : right).map((item) => (
            <button
              type="button" role="listitem" key={item.name} data-side={side} data-name={item.name}
              className={`wb-pd-item${from === item.name && side === 'left' ? ' wb-pd-from' : ''}${linked(side, item.name) ? ' wb-pd-linked' : ''}`}
              onClick={() => pick(side, item.name)} disabled={disabled || (side === 'right' && !from)}
              aria-pressed={side === 'left' ? from === item.name : undefined}
            >
              <span>{item.label}</span><span className="wb-pd-item-name">{item.name}</span>
            </button>
          ))}
        </div>
      ))}
      <svg className="wb-pd-svg" width="100%" height={ys.h} aria-label="连线">
        {connections.map((c) => {
          const y1 = ys.left[c.from];
          const y2 = ys.right[c.to];
          if (y1 === undefined || y2 === undefined) return null;
          const mid = (ys.x1 + ys.x2) / 2;
          const d = `M ${ys.x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${ys.x2} ${y2}`;
          return (
            <g key={c.key} className={`wb-pd-line wb-pd-line-${c.kind}`} data-connection={c.key}>
              <title>{c.title}</title>
              <path d={d} className="wb-pd-path" />
              {!disabled && (
                <path d={d} className="wb-pd-hit" role="button" aria-label={`${c.kind === 'mapping' ? '删除回填' : '删除参数关联'}：${c.title}`} tabIndex={0}
                  onClick={() => onRemove(c.key)} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === 'Delete') onRemove(c.key); }} />
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
