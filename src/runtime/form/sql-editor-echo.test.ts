import { describe, expect, it } from 'vitest';
import { EditorEcho } from './sql-completion';

describe('the SQL editor and a form a render behind it', () => {
  it('keeps the keys typed since when the form hands back an earlier text of its own', () => {
    const echo = new EditorEcho();
    // S, E, L typed faster than the form renders: the editor sent each text up
    echo.sentUp('S');
    echo.sentUp('SE');
    // the render for S arrives while the editor shows SE: the editor keeps SE (before, S was written back)
    expect(echo.shown('S', 'SE')).toBe('SE');
    echo.sentUp('SEL');
    expect(echo.shown('SE', 'SEL')).toBe('SEL');
    // the form caught up
    expect(echo.shown('SEL', 'SEL')).toBe('SEL');
  });

  it('writes a value the editor never sent (a reset, a record loaded), and an old text of its own once the form has caught up', () => {
    const echo = new EditorEcho();
    expect(echo.shown('select 1', null)).toBe('select 1');
    echo.sentUp('select 12');
    expect(echo.shown('', 'select 12')).toBe('');
    echo.sentUp('A');
    expect(echo.shown('A', 'A')).toBe('A');
    // the form sets the text back to one the editor sent before it caught up: that is the form's own change now
    expect(echo.shown('select 12', 'A')).toBe('select 12');
  });
});
