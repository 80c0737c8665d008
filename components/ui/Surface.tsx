import type { HTMLAttributes, ReactNode } from 'react';
import styles from './surface.module.css';

/**
 * A bordered card's box with its body's padding, and its head when given one (antd's Card without
 * its code: ./surface.module.css); `small` is antd's small card.
 */
export function Surface({ heading, small, className, children, ...rest }: HTMLAttributes<HTMLDivElement> & { heading?: ReactNode; small?: boolean }) {
  const classes = [styles.surface, small && styles.small, className].filter(Boolean).join(' ');
  return (
    <div className={classes} {...rest}>
      {heading && <div className={styles.title}>{heading}</div>}
      <div className={styles.body}>{children}</div>
    </div>
  );
}
