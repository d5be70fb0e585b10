import { act, cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, Select, Table, Tag, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdConfig } from './antd-config';

/** A system setting for reduced motion that the test can change while the page is open. */
function systemMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() { return reduced; },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', vi.fn((media: string) => (media === query.media ? query : { matches: false, media, addEventListener() {}, removeEventListener() {} })));
  return { set(next: boolean) { reduced = next; for (const l of listeners) l(); } };
}

/** Whether antd animates, as its components read it (the dialogs themselves are checked in e2e/login.spec.ts). */
function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{token.motion ? 'on' : 'off'}</span>;
}
const motion = () => screen.getByTestId('motion').textContent;

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('AntdConfig', () => {
  it('keeps antd animated when the system does not ask for reduced motion', () => {
    systemMotion(false);
    render(<AntdConfig locale="zh-CN"><Motion /></AntdConfig>);
    expect(motion()).toBe('on');
  });

  it('turns antd animation off when the system asks for reduced motion, and follows the setting while the page is open', () => {
    const system = systemMotion(true);
    render(<AntdConfig locale="zh-CN"><Motion /></AntdConfig>);
    expect(motion()).toBe('off');
    act(() => system.set(false));
    expect(motion()).toBe('on');
    act(() => system.set(true));
    expect(motion()).toBe('off');
  });
});

/** Every style antd and our reset wrote into the page. */
const styles = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
const PER_COMPONENT_RESET = /\[class\^="ant-[a-z-]+"\]/g;
function Components() {
  return (
    <>
      <Table rowKey="id" size="small" columns={[{ title: '车牌号', dataIndex: 'plate' }]} dataSource={[{ id: 1, plate: '蒙A12345' }]} />
      <Tag color="green">已审核</Tag>
      <Select style={{ width: 120 }} options={[{ value: 1, label: '电煤' }]} />
    </>
  );
}

describe('antd styles (speed: one reset instead of one per component)', () => {
  it('antd alone writes a reset per component; under AntdConfig there is one for all, with the theme font', () => {
    systemMotion(false);
    // precondition, with a token of its own so that its styles are not the ones cached for the house theme
    render(<ConfigProvider theme={{ token: { colorPrimary: '#123456' } }}><Components /></ConfigProvider>);
    const plain = new Set(styles().match(PER_COMPONENT_RESET));
    expect([...plain]).toEqual(expect.arrayContaining(['[class^="ant-table"]', '[class^="ant-tag"]', '[class^="ant-select"]']));
    cleanup();
    for (const style of document.querySelectorAll('style')) style.remove();

    render(<AntdConfig locale="zh-CN"><Components /></AntdConfig>);
    expect(screen.getByText('蒙A12345')).toBeTruthy();
    const css = styles();
    expect(css.match(PER_COMPONENT_RESET)).toBeNull();
    const resets = css.split('}').filter((rule) => rule.includes('[class^="ant-"]') && rule.includes('font-family'));
    expect(resets).toHaveLength(1);
    expect(resets[0]).toContain(`font-size:14px`);
    // box-sizing for the elements inside a component: the weight of two classes, as antd's own was, on
    // the element itself (no descendant walk to a component's root for each antd element styled)
    expect(css).toMatch(/\[class\^="ant-"\]\[class\^="ant-"\][^{]*\{box-sizing:border-box/);
    expect(css).not.toMatch(/\[class[\^*]="[^"]*"\] \[class/);
  });
});
