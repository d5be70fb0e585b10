import { describe, expect, it } from 'vitest';
import { EditorEcho } from './sql-completion';

describe('the SQL editor and a form a render behind it', () => {
  it('keeps the keys typed since when the form hands back an earlier text of its own', () => {
    const echo = new EditorEcho();
    // S, E, L typed faster than the form renders: the editor sent each text up
    echo.sentUp('S');
    echo.sentUp('SE');
    // the value S arrives while the editor shows SE: not written (before, S was written back)
    expect(echo.shouldWrite('S', 'SE')).toBe(false);
    echo.sentUp('SEL');
    // SE, rendered while the editor showed SE, is written only after L was typed: the editor's text then decides
    expect(echo.shouldWrite('SE', 'SEL')).toBe(false);
    // the form caught up
    expect(echo.shouldWrite('SEL', 'SEL')).toBe(false);
  });

  it('writes a value the editor never sent (a reset, a record loaded), and an old text of its own once the form has caught up', () => {
    const echo = new EditorEcho();
    expect(echo.shouldWrite('select 1', '')).toBe(true);
    echo.sentUp('select 12');
    expect(echo.shouldWrite('', 'select 12')).toBe(true);
    echo.sentUp('A');
    expect(echo.shouldWrite('A', 'A')).toBe(false);
    // the form sets the text back to one the editor sent before it caught up: that is the form's own change now
    expect(echo.shouldWrite('select 12', 'A')).toBe(true);
  });
});
