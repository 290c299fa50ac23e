import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { cx } from './cx';
import styles from './tabs.module.css';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
}

interface TabsProps<V extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Prefix for tab and panel ids; the panel uses tabPanelId(idBase, value). */
  idBase: string;
  className?: string;
}

export const tabId = (base: string, value: string) => `${base}-tab-${value}`;
export const tabPanelId = (base: string, value: string) => `${base}-panel-${value}`;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function Tabs<V extends string>({ label, items, value, onChange, idBase, className }: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const index = items.findIndex((i) => i.value === value);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = items[((moves[e.key] ?? 0) + items.length) % items.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(idBase, next.value))?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={cx(styles.list, className)}
      onKeyDown={onKey}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={tabId(idBase, item.value)}
            aria-selected={selected}
            aria-controls={tabPanelId(idBase, item.value)}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.value)}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  value,
  children,
  className,
}: {
  idBase: string;
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idBase, value)}
      aria-labelledby={tabId(idBase, value)}
      className={className}
    >
      {children}
    </div>
  );
}
