'use client';

import { cloneElement, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { THEME_CLASS } from '@/lib/theme/tokens';
import styles from './portal-menu.module.css';

export type MenuEntry = { key: string; label: ReactNode; icon?: ReactNode; disabled?: boolean } | { type: 'divider' };

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu' | 'true';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}

interface Props {
  /** What opens it: a click on the trigger (Enter or Space from the keyboard), or its context menu, opened at the pointer. */
  trigger: 'click' | 'contextMenu';
  /** A menu of actions, chosen with `onChoose`… */
  items?: readonly MenuEntry[];
  onChoose?: (key: string) => void;
  /** …or content of its own (the column menu's checkboxes). */
  content?: () => ReactNode;
  disabled?: boolean;
  /** The element that opens it: it is given the handlers and the menu's state for assistive technology. */
  children: ReactElement<TriggerProps>;
}

/** What it opens at: under the trigger, or at the pointer (in the document, so it stays where it was asked for as the page scrolls). */
type Anchor = { element: HTMLElement; point?: { x: number; y: number } };

const GAP = 4;
const MARGIN = 8;

/** Where the menu goes, in the document: under its trigger's left edge (its right edge when the window has no room), or at the pointer, kept inside the window. */
function placement(anchor: Anchor, width: number, height: number) {
  const room = { right: window.innerWidth - MARGIN, bottom: window.innerHeight - MARGIN };
  let left: number;
  let top: number;
  if (anchor.point) {
    left = Math.min(anchor.point.x - window.scrollX, room.right - width);
    top = Math.min(anchor.point.y - window.scrollY, room.bottom - height);
  } else {
    const box = anchor.element.getBoundingClientRect();
    left = box.left + width > room.right ? box.right - width : box.left;
    top = box.bottom + GAP;
  }
  return { left: Math.max(MARGIN, left) + window.scrollX, top: Math.max(MARGIN, top) + window.scrollY };
}

/**
 * A dropdown menu drawn with antd's Dropdown markup and class names (antd's stylesheet draws it)
 * without antd's Dropdown, Menu and their packages, which were about 19 KB of every page's first
 * load (docs/performance.md, "What the menus cost"). Placed in the document as antd places its
 * own: it scrolls with the page, and follows its trigger when a box inside the page scrolls or
 * the window is resized. The keyboard: Enter or Space on the trigger opens it, the down arrow
 * goes into it, the arrow keys, Home and End move, Enter or Space chooses, Escape closes it back
 * to the trigger, Tab leaves it. A press outside it closes it.
 */
export function PortalMenu({ trigger, items, onChoose, content, disabled, children }: Props) {
  const id = useId();
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  const open = anchor !== null;

  const close = (refocus: boolean) => {
    if (refocus) anchor?.element.focus();
    setAnchor(null);
    setPlace(null);
  };

  const openAt = (next: Anchor) => {
    if (disabled) return;
    setPlace(null);
    setAnchor(next);
  };

  /** The menu's items that can be chosen, found by its id (the trigger's handlers run outside render). */
  const enabled = () => [...(document.getElementById(id)?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

  useLayoutEffect(() => {
    if (!anchor) return;
    const place = () => popup.current && setPlace(placement(anchor, popup.current.offsetWidth, popup.current.offsetHeight));
    place();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !anchor.element.contains(target)) close(false);
    };
    // The window's own scroll moves the menu with the page; a box's scroll (the tab strip, the table's frame) moves its trigger.
    const follow = (event: Event) => {
      if (anchor.point || event.target === document || (event.target instanceof Node && popup.current?.contains(event.target))) return;
      place();
    };
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', place);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- placed and listening while open, for the anchor it opened at
  }, [anchor]);

  const move = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return close(true);
    }
    if (event.key === 'Tab') return close(false);
    if (!items) return;
    const list = enabled();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    list[(next + list.length) % list.length]?.focus();
  };

  const choose = (key: string) => {
    close(true);
    onChoose?.(key);
  };

  const triggerProps: TriggerProps =
    trigger === 'click'
      ? {
          onClick: (event) => {
            children.props.onClick?.(event);
            if (open) return close(false);
            openAt({ element: event.currentTarget });
          },
          onKeyDown: (event) => {
            children.props.onKeyDown?.(event);
            if (!open) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              enabled()[0]?.focus();
            } else if (event.key === 'Escape') close(false);
          },
          'aria-haspopup': items ? 'menu' : 'true',
          'aria-expanded': open,
          'aria-controls': open ? id : undefined,
        }
      : {
          // A context menu's trigger (a tab) says nothing of the menu: it has no role that may carry it.
          onContextMenu: (event) => {
            children.props.onContextMenu?.(event);
            event.preventDefault();
            openAt({ element: event.currentTarget, point: { x: event.pageX, y: event.pageY } });
          },
        };

  return (
    <>
      {cloneElement(children, triggerProps)}
      {open &&
        createPortal(
          <div
            ref={popup}
            id={items ? undefined : id}
            className={`${THEME_CLASS} ant-dropdown ant-dropdown-placement-bottomLeft ${styles.menu}`}
            // Until measured it stays where antd's stylesheet puts it, out of the window. Not hidden: its
            // items' transition of every property would keep them hidden, unfocusable, for 0.2 s more.
            style={place ?? undefined}
            onKeyDown={move}
          >
            {items ? (
              <ul id={id} role="menu" className="ant-dropdown-menu ant-dropdown-menu-root ant-dropdown-menu-vertical ant-dropdown-menu-light" tabIndex={-1}>
                {items.map((item, index) =>
                  'type' in item ? (
                    <li key={`divider-${index}`} role="separator" className="ant-dropdown-menu-item-divider" />
                  ) : (
                    <li
                      key={item.key}
                      role="menuitem"
                      tabIndex={-1}
                      aria-disabled={item.disabled || undefined}
                      className={`ant-dropdown-menu-item${item.icon ? '' : ' ant-dropdown-menu-item-only-child'}${item.disabled ? ' ant-dropdown-menu-item-disabled' : ''}`}
                      onClick={() => !item.disabled && choose(item.key)}
                      onKeyDown={(event) => {
                        if ((event.key === 'Enter' || event.key === ' ') && !item.disabled) {
                          event.preventDefault();
                          choose(item.key);
                        }
                      }}
                    >
                      {item.icon && <span className="ant-dropdown-menu-item-icon">{item.icon}</span>}
                      <span className="ant-dropdown-menu-title-content">{item.label}</span>
                    </li>
                  ),
                )}
              </ul>
            ) : (
              content?.()
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
