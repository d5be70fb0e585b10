// Counts the React components that render (by name < nearest named parent) while `window.__countOn` is set:
// a stand-in for React DevTools' commit hook, loaded into the page by `BENCH_RENDERS=1 npm run bench -- designer`.
// A fiber rendered in a commit when it is not the object seen in the last commit and has performed work.
(() => {
  const counts = new Map();
  window.__renders = counts;
  window.__countOn = false;
  let seen = new WeakSet();
  const nameOf = (f) => { const t = f.type; if (!t) return null; if (typeof t === 'string') return null; return t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || '?'; };
  function walk(f, next, path) {
    while (f) {
      const n = nameOf(f);
      if (window.__countOn && !seen.has(f) && (f.flags & 1) && f.alternate && n) { const k = n + ' < ' + path; counts.set(k, (counts.get(k) || 0) + 1); }
      next.add(f);
      if (f.child) walk(f.child, next, n && n !== '?' && /^[A-Z]/.test(n) && !/Provider|Context|Consumer/.test(n) ? n : path);
      f = f.sibling;
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(id, root) { const next = new WeakSet(); walk(root.current.child, next, ''); seen = next; },
  };
})();
