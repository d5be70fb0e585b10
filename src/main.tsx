// The entry is small on purpose: it asks for the page the address opens (its template, then the app —
// React, antd, the shell — then the page's code and first rows) while nothing else is loaded yet.
import { start } from './shell/start';

start(() => import('./shell/boot'));
