import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from './cx';
import styles from './menu.module.css';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** For choice menus (language): rendered as menuitemradio. */
  checked?: boolean;
  onSelect: () => void;
}

interface MenuProps {
  /** The accessible name of the button. */
  label: string;
  /** What the button shows; defaults to the label. */
  trigger?: ReactNode;
  items: readonly MenuItem[];
  align?: 'start' | 'end';
  buttonClassName?: string;
  /** A name for the menu itself, when it differs from the button's. */
  menuLabel?: string;
  testId?: string;
}

const menuItems = (list: RefObject<HTMLDivElement | null>) => [
  ...(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
];

function focusItem(list: RefObject<HTMLDivElement | null>, index: number) {
  const nodes = menuItems(list);
  if (nodes.length > 0) nodes[(index + nodes.length) % nodes.length]?.focus();
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or the arrows open it; arrows, Home and End
 * move; Escape or Tab close it and focus returns to the button.
 */
export function Menu({
  label,
  trigger,
  items,
  align = 'end',
  buttonClassName,
  menuLabel,
  testId,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const radio = items.some((i) => i.checked !== undefined);

  useEffect(() => {
    if (!open) return;
    focusItem(
      list,
      Math.max(
        0,
        items.findIndex((i) => i.checked),
      ),
    );
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, items]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const nodes = menuItems(list);
    const index = nodes.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: nodes.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      focusItem(list, moves[e.key] ?? 0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (item: MenuItem) => {
    setOpen(false);
    button.current?.focus();
    item.onSelect();
  };

  return (
    <div className={styles.wrap} data-testid={testId}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger ?? label}
      </button>
      <div
        ref={list}
        id={`${id}-menu`}
        role="menu"
        aria-label={menuLabel ?? label}
        className={cx(styles.menu, align === 'end' ? styles.end : styles.start)}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {items.map((item) => {
          const content = (
            <>
              {item.icon ? <span className={styles.itemIcon}>{item.icon}</span> : null}
              <span className={styles.itemLabel}>{item.label}</span>
              {radio && item.checked ? <span className={styles.check} aria-hidden="true" /> : null}
            </>
          );
          return radio ? (
            <button
              key={item.key}
              type="button"
              role="menuitemradio"
              aria-checked={Boolean(item.checked)}
              tabIndex={-1}
              className={styles.item}
              data-key={item.key}
              onClick={() => choose(item)}
            >
              {content}
            </button>
          ) : (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              data-key={item.key}
              onClick={() => choose(item)}
            >
              {content}
            </button>
          );
        })}
      </div>
    </div>
  );
}
