import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prepares a print. A windowed table then renders every row, because a
 * printed ledger must hold all its entries, not the ones that were on screen. flushSync makes
 * the rows exist before the browser lays out the printed pages.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const start = () => flushSync(() => setPrinting(true));
    const end = () => setPrinting(false);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
    };
  }, []);
  return printing;
}
