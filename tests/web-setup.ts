// Component tests (happy-dom): testing-library's findBy*/waitFor wait up to 5 s instead of 1 s, so a
// test on a loaded machine (CI sharing its two cores with the e2e build) waits for a slow render
// instead of failing; a render that never comes still fails.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
