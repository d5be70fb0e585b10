import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnceOpened, usePreloadDialogs } from './list-dialogs';

// what a list's first drawing must not load: the record form (the form engine), the validation
// patterns' engine and the child tables' drag and drop; each fails loudly if it is loaded
vi.mock('../form/form-dialog', () => { throw new Error('the form engine was loaded'); });
vi.mock('re2js', () => { throw new Error('the pattern engine was loaded'); });
vi.mock('@dnd-kit/core', () => { throw new Error('drag and drop was loaded'); });

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe("a list's code", () => {
  it('loads without the form engine, the pattern engine or drag and drop', async () => {
    // the guards do fire when those are loaded (vitest reports a failing mock factory in its own words)
    await expect(import('../form/form-dialog')).rejects.toThrow(/mocking a module/);
    await expect(import('../../schema/validate')).rejects.toThrow(/mocking a module/);
    // the list page (what the shell loads for a template list) loads without them
    const list = await import('./template-list-page');
    expect(typeof list.TemplateListPage).toBe('function');
  });
});

describe('OnceOpened', () => {
  it('draws a dialog from its first opening on, and keeps it after it closes', () => {
    const dialog = (open: boolean) => <OnceOpened open={open}><div>表单</div></OnceOpened>;
    const view = render(dialog(false));
    expect(screen.queryByText('表单')).toBeNull();
    view.rerender(dialog(true));
    expect(screen.getByText('表单')).toBeTruthy();
    view.rerender(dialog(false));
    expect(screen.getByText('表单')).toBeTruthy();
  });
});

describe('usePreloadDialogs', () => {
  it('asks for the idle time to load the dialogs only once the list is drawn with its first rows, and once', () => {
    // the callback is never run here: the dialogs' modules are guarded above
    const idle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const view = renderHook(({ drawn }) => usePreloadDialogs(drawn), { initialProps: { drawn: false } });
    // the rows are on their way: the browser is idle, but the dialogs would be taken in when they come
    expect(idle).not.toHaveBeenCalled();
    view.rerender({ drawn: true });
    expect(idle).toHaveBeenCalledTimes(1);
    view.rerender({ drawn: true });
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
