'use client';

import { useId, type CSSProperties } from 'react';
import { THEME_CLASS } from '@/lib/theme/tokens';
import styles from './segmented.module.css';

interface Props<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  style?: CSSProperties;
}

/**
 * A small segmented choice (the dashboard's chart or table), drawn with antd's Segmented markup and
 * stylesheet without antd's Segmented and its motion packages (docs/performance.md). Its options
 * are native radio buttons of one group: one stop for Tab, the arrow keys choose, and the keyboard's
 * focus shows antd's ring.
 */
export function Segmented<Value extends string>({ label, value, options, onChange, style }: Props<Value>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} aria-orientation="horizontal" style={style} className={`ant-segmented ant-segmented-sm ${THEME_CLASS} ${styles.segmented}`}>
      <div className="ant-segmented-group">
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label key={option.value} className={`ant-segmented-item${selected ? ' ant-segmented-item-selected ant-segmented-item-selected-text' : ''}`}>
              <input className="ant-segmented-item-input" type="radio" name={name} checked={selected} onChange={() => onChange(option.value)} />
              <div className="ant-segmented-item-label" title={option.label}>
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
