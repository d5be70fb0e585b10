import { preloadAtStart } from './pages/page-modules';

// The entry's first module: the page an address opens is asked for before the app's own code (React,
// antd, the shell) has loaded, which main.tsx imports after this (a dynamic import: its loading and evaluation no longer come first).
preloadAtStart(window.location);
