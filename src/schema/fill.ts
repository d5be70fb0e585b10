/** Fills `{name}` placeholders of a text (`fill('共 {n} 条', { n: 12 })`): what a host's words go through after translation. */
export function fill(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}
