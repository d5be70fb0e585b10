import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreenClass } from './header-tools';

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
};

function Probe() {
  return <span data-testid="screen">{useScreenClass()}</span>;
}

/** The window resized while the layout is being drawn: after its first render, before it listens. */
let resizedOnce = false;
function ResizeWhileDrawing({ to }: { to: number }) {
  if (!resizedOnce) { resizedOnce = true; setWidth(to); }
  return null;
}

afterEach(() => { cleanup(); resizedOnce = false; setWidth(1024); });

describe('the screen class (768 / 992 / 1200)', () => {
  it('follows the window, including a resize made before the layout listened (the layout mounting as the window changes)', () => {
    setWidth(700);
    render(<><Probe /><ResizeWhileDrawing to={900} /></>);
    // the precondition: the probe rendered before the resize happened
    expect(resizedOnce).toBe(true);
    expect(screen.getByTestId('screen').textContent).toBe('sm');
    act(() => setWidth(1100));
    expect(screen.getByTestId('screen').textContent).toBe('md');
    act(() => setWidth(1300));
    expect(screen.getByTestId('screen').textContent).toBe('lg');
    act(() => setWidth(767));
    expect(screen.getByTestId('screen').textContent).toBe('xs');
  });
});
