import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAntdStyles } from '../../build/antd-styles-render';
import { importedNames, usedComponents } from '../../build/antd-styles';

describe("the build's stylesheets of antd's styles", () => {
  it('take the names a file imports from a package, past aliases, line breaks and type-only imports', () => {
    const source = [
      "import { Button, Input as AntInput,\n  type ThemeConfig, Row as GridRow } from 'antd';",
      "import type { TableProps } from 'antd';",
      "import { FormItem } from '@formily/antd-v5';",
      "import { Table } from 'antd/es/table';",
    ].join('\n');
    expect(importedNames(source, 'antd')).toEqual(['Button', 'Input', 'Row']);
    expect(importedNames(source, '@formily/antd-v5')).toEqual(['FormItem']);
  });

  it("cover the components the application's code imports", () => {
    const used = usedComponents(path.resolve('src'));
    expect(used.antd).toEqual(expect.arrayContaining(['Button', 'Table', 'Modal', 'Select', 'DatePicker', 'message']));
    expect(used.formily).toEqual(expect.arrayContaining(['FormItem', 'FormGrid']));
  });

  it("hold each style under the page's theme with antd's map of them, per motion setting, without the per-component resets", () => {
    const moving = renderAntdStyles(['Button', 'Modal', 'Table'], ['FormItem'], false);
    const still = renderAntdStyles(['Button', 'Modal', 'Table'], ['FormItem'], true);
    expect(moving.media).toBe('(prefers-reduced-motion: no-preference)');
    expect(still.media).toBe('(prefers-reduced-motion: reduce)');
    for (const sheet of [moving, still]) {
      const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/.exec(sheet.css)?.[1];
      const paths = map!.split(';').map((entry) => entry.split('|').slice(1, 2)[0]);
      expect(paths).toEqual(expect.arrayContaining(['Button-Button', 'Modal-Modal', 'Table-Table', 'Pagination-Pagination', 'formily-antd', 'wb-antd-reset']));
      // every style is under the page's theme but the outermost ConfigProvider's icon reset (under
      // antd's default theme, around it): the pop-up panels' own themes are left out
      const themes = new Set(map!.split(';').filter((entry) => entry.split('|')[1] !== 'ant-design-icons').map((entry) => entry.split('|')[0]));
      expect(themes.size).toBe(1);
      expect(map!.split(';').filter((entry) => entry.split('|')[1] === 'ant-design-icons').map((entry) => entry.split('|')[0])).toHaveLength(2);
      expect(sheet.styles).toBe(paths.length);
      expect(sheet.css).not.toMatch(/\[class\^="ant-btn"\]/);
      expect(sheet.css).toContain('#1f6fd1');
    }
    // the theme without motion: antd's buttons change colour at once
    expect(moving.css).toMatch(/\.ant-btn\{[^}]*transition:all 0\.2s/);
    expect(still.css).toMatch(/\.ant-btn\{[^}]*transition:all 0s/);
  });
});
