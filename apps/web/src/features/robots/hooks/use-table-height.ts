import { useEffect, useState } from 'react';

/** The table body height that fills the window below `offset` pixels (a virtual table needs a number). */
export function useTableHeight(offset: number, min = 320) {
  const measure = () => Math.max(min, (typeof window === 'undefined' ? 800 : window.innerHeight) - offset);
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const onResize = () => setHeight(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  });
  return height;
}
