import type { HTMLAttributes } from 'react';
import styles from './surface.module.css';

/** A bordered card's box with its body's padding (antd's Card without its code: ./surface.module.css). */
export function Surface({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={className ? `${styles.surface} ${className}` : styles.surface} {...rest}>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
