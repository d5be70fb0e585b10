// The entry is small on purpose: its first module asks for the page the address opens (its code,
// template and first rows) while the app itself (React, antd, the shell) is still on its way.
import './shell/start';

void import('./shell/boot');
