import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { card, live, setup } from '../../designer/form/designer-fixture';
import { DESIGNER_EN_US } from './designer-en-US';
import { RUNTIME_EN_US } from './runtime-en-US';

/** The host's translation in English mode (runtime-host.tsx): the runtime's words, then the designer's. */
const english = (text: string) => RUNTIME_EN_US[text] ?? DESIGNER_EN_US[text];

afterEach(cleanup);

describe('the form designer\'s announcements in English mode', () => {
  it('a field widened, stopped at the row\'s end and left for its neighbour is announced in English (the labels stay as the template has them)', async () => {
    setup({ translate: english });
    await waitFor(() => expect(card('driver')).toBeTruthy());
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(card('driver').style.gridColumn).toBe('13 / span 24'));
    expect(live()).toBe('Moved to row 1, column 2, 2 columns wide');
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(card('driver').style.gridColumn).toBe('13 / span 36'));
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(live()).toBe('Width limited: 4 columns asked for, at most 3 fit in this place'));
    expect(document.querySelector('.wb-fd-clamp')?.textContent).toBe('Width limited: 4 columns asked for, at most 3 fit in this place');
    fireEvent.keyDown(card('driver'), { key: 'ArrowLeft', code: 'ArrowLeft' });
    await waitFor(() => expect(card('plateNo').getAttribute('aria-pressed')).toBe('true'));
    expect(live()).toBe('车牌号, row 1, column 1, 1 column wide');
    // the card is named the same way
    expect(card('plateNo').getAttribute('aria-label')).toBe('车牌号, row 1, column 1, 1 column wide, selected');
  });
});
