import { useEffect, useState } from 'react';

/**
 * Whether an element has come into the viewport, once and for good: a figure below the fold is
 * drawn when it is scrolled to, rather than while a phone is still starting the page. The element
 * comes through the returned callback ref, so a place that is replaced (a chart shown again after
 * its table view) is watched anew.
 */
export function useSeen(): [seen: boolean, place: (element: Element | null) => void] {
  const [element, setElement] = useState<Element | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return [seen, setElement];
}
