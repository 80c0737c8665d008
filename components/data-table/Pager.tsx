'use client';

import { DoubleLeftOutlined, DoubleRightOutlined, DownOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { JUMP, pageCount, pagerItems } from '@/lib/data-table/pages';
import { THEME_CLASS } from '@/lib/theme/tokens';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Offered page sizes; none to choose when there is one. */
  pageSizes: readonly number[];
  onChange: (page: number, pageSize: number) => void;
  /** The address of a page, when pages have one (a list's URL): its links then work without script and open in a new tab. */
  href?: (page: number, pageSize: number) => string;
}

/** A click the page handles itself; one with a modifier key or another button is the browser's (a new tab, a new window). */
const ownClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The pages of a table, drawn with antd's Pagination's markup and classes (antd's stylesheet
 * draws it, so it looks the same) without its code: its page-size Select was a fifth of a list's
 * first load. Pages are links where they have an address, so the server's HTML pages without
 * script; the page size is a native select over antd's look (a phone shows its own picker).
 * docs/decisions.md, "The pager without antd's code".
 */
export function Pager({ page, pageSize, total, pageSizes, onChange, href }: PagerProps) {
  const t = useTranslations('table');
  const pages = pageCount(total, pageSize);
  const items = pagerItems(page, total, pageSize);
  const go = (to: number) => onChange(to, pageSize);

  const link = (to: number, className: string | undefined, label: string | undefined, content: ReactNode, current = false) => {
    const address = href?.(to, pageSize);
    return (
      <a
        className={className}
        href={address}
        rel="nofollow"
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        // Without an address the link is a button to the keyboard and to assistive technology.
        role={address ? undefined : 'button'}
        tabIndex={address ? undefined : 0}
        onClick={(event) => {
          if (address && !ownClick(event)) return;
          event.preventDefault();
          go(to);
        }}
        onKeyDown={
          address
            ? undefined
            : (event: KeyboardEvent) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                go(to);
              }
        }
      >
        {content}
      </a>
    );
  };

  const step = (to: number, kind: 'prev' | 'next') => {
    const disabled = kind === 'prev' ? page <= 1 : page >= pages;
    const label = kind === 'prev' ? t('previousPage') : t('nextPage');
    const icon = kind === 'prev' ? <LeftOutlined /> : <RightOutlined />;
    return (
      <li title={label} className={`ant-pagination-${kind}${disabled ? ' ant-pagination-disabled' : ''}`}>
        {disabled ? (
          <button className="ant-pagination-item-link" type="button" tabIndex={-1} disabled aria-label={label}>
            {icon}
          </button>
        ) : (
          link(to, `ant-pagination-item-link ${styles.step}`, label, icon)
        )}
      </li>
    );
  };

  return (
    <nav aria-label={t('pages')}>
      <ul className={`ant-pagination ${THEME_CLASS} ${styles.pager}`}>
        {step(Math.min(page - 1, pages), 'prev')}
        {items.map((item, index) => {
          if (item.kind === 'page') {
            const active = item.page === page;
            // antd's stylesheet leaves out the pages beside a jump on a phone: they carry its classes for it.
            const beside = [items[index - 1]?.kind === 'jump-prev' && 'ant-pagination-item-after-jump-prev', items[index + 1]?.kind === 'jump-next' && 'ant-pagination-item-before-jump-next'];
            const classes = ['ant-pagination-item', `ant-pagination-item-${item.page}`, active && 'ant-pagination-item-active', ...beside].filter(Boolean).join(' ');
            return (
              <li key={item.page} title={String(item.page)} className={classes}>
                {link(item.page, undefined, undefined, item.page, active)}
              </li>
            );
          }
          const label = t(item.kind === 'jump-prev' ? 'previousPages' : 'nextPages', { count: JUMP });
          return (
            <li key={item.kind} title={label} className={`ant-pagination-${item.kind}`}>
              {link(
                item.page,
                'ant-pagination-item-link',
                label,
                <div className="ant-pagination-item-container">
                  {item.kind === 'jump-prev' ? <DoubleLeftOutlined className="ant-pagination-item-link-icon" /> : <DoubleRightOutlined className="ant-pagination-item-link-icon" />}
                  <span className="ant-pagination-item-ellipsis">
                    <EllipsisOutlined />
                  </span>
                </div>,
              )}
            </li>
          );
        })}
        {step(page + 1, 'next')}
        {pageSizes.length > 1 && (
          <li className="ant-pagination-options">
            <div className={`ant-select ant-select-outlined ant-pagination-options-size-changer ${THEME_CLASS} ant-select-css-var ant-select-single ant-select-show-arrow ${styles.size}`}>
              <div className="ant-select-content ant-select-content-has-value" aria-hidden>
                {t('perPage', { size: pageSize })}
              </div>
              <div className="ant-select-suffix" aria-hidden>
                <DownOutlined />
              </div>
              <select className={styles.native} aria-label={t('pageSize')} value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))}>
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {t('perPage', { size })}
                  </option>
                ))}
              </select>
            </div>
          </li>
        )}
      </ul>
    </nav>
  );
}
