import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
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
