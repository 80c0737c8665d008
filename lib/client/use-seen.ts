import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come into the viewport, once and for good: a figure below the fold is
 * drawn when it is scrolled to, rather than while a phone is still starting the page.
 */
export function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
