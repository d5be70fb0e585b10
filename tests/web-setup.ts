// Component tests (happy-dom): testing-library's findBy*/waitFor wait up to 5 s instead of 1 s, so a
// test on a loaded machine (CI sharing its two cores with the e2e build) waits for a slow render
// instead of failing; a render that never comes still fails.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// antd writes each component's styles into the head once and leaves them there after the component
// unmounts (it writes them again when one mounts). The files of this project share one document
// (isolate: false), so the head gathered every style of every file before: some 4,000 rules by the
// tenth file, and each getComputedStyle — testing-library's role queries and user-event's clicks ask for
// it up every element's ancestors — matched them all (100 calls: 40 ms on an empty head, 600–1,270 ms
// then). Each file starts with the head as a new page has it; the styles of what it mounts come back.
for (const style of document.head.querySelectorAll('style[data-css-hash], style[data-token-hash]')) style.remove();
