import { useCallback, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';

/**
 * The live region the screen reader reads (moves, drops, clamps, removals): its text is state of its
 * own component, so an announcement re-renders the region and not the designer around it.
 */
export function useAnnouncer() {
  const show = useRef<((text: string) => void) | null>(null);
  const say = useCallback((t: string) => show.current?.(t), []);
  return { show, say };
}

export function LiveRegion({ show }: { show: MutableRefObject<((text: string) => void) | null> }) {
  const [text, setText] = useState('');
  useLayoutEffect(() => {
    show.current = setText;
    return () => { show.current = null; };
  }, [show]);
  // the words in a box of their own size (see the stylesheet): a new announcement lays out that box only
  return <div className="wb-fd-live" role="status" aria-live="assertive" aria-atomic="true"><div className="wb-fd-live-text">{text}</div></div>;
}
