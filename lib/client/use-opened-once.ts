import { useState } from 'react';

/**
 * True from the first time `open` is true. A dialog whose code loads on demand, or one that is
 * closed on nearly every page (whose antd tree would otherwise be rendered by every server render
 * for nothing), is mounted then and stays mounted, so later closings and openings (animation, focus
 * return, kept state) behave as if it had been there from the start.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
