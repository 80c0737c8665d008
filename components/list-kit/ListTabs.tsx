'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { KeyboardEvent } from 'react';
import { THEME_CLASS } from '@/lib/theme/tokens';
import styles from './list-tabs.module.css';

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Several lists on one page, one shown at a time: each tab is a URL parameter value (`param`), so a
 * tab can be bookmarked and the shown list's own URL values never meet another list's. The tabs are
 * links to those addresses (they work before the page's script and open in a new tab), drawn with
 * antd's Tabs markup and stylesheet without antd's Tabs, which brought its overflow menu's Dropdown
 * and Menu to the page (docs/performance.md). The keyboard as antd's: the arrow keys, Home and End
 * move between the tabs, Enter or Space opens one.
 */
export function ListTabs({ param, active, tabs }: { param: string; active: string; tabs: { key: string; label: string }[] }) {
  const pathname = usePathname();
  const move = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const links = [...(event.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const next = MOVES[event.key]?.(links.indexOf(event.currentTarget), links.length);
    if (event.key === ' ') event.currentTarget.click();
    else if (next === undefined) return;
    else links[next]?.focus();
    event.preventDefault();
  };
  return (
    <div className={`ant-tabs ant-tabs-top ${THEME_CLASS} ${styles.tabs}`}>
      <div role="tablist" aria-orientation="horizontal" className="ant-tabs-nav">
        <div className="ant-tabs-nav-wrap">
          <div className="ant-tabs-nav-list">
            {tabs.map((tab) => {
              const selected = tab.key === active;
              return (
                <div key={tab.key} data-node-key={tab.key} className={`ant-tabs-tab${selected ? ' ant-tabs-tab-active' : ''}`}>
                  <Link role="tab" aria-selected={selected} tabIndex={selected ? 0 : -1} className="ant-tabs-tab-btn" href={`${pathname}?${new URLSearchParams({ [param]: tab.key })}`} onKeyDown={move}>
                    {tab.label}
                  </Link>
                  {selected && <div className={`ant-tabs-ink-bar ${styles.ink}`} />}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
