import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'highlight' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  iconOnly?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block, iconOnly }: Look, extra?: string) {
  return cx(
    styles.button,
    styles[variant],
    styles[size],
    block && styles.block,
    iconOnly && styles.iconOnly,
    extra,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  ref?: Ref<HTMLButtonElement>;
  busy?: boolean;
  children?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  iconOnly,
  busy,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, iconOnly }, className)}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className={styles.busy} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, Look {}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, block, iconOnly, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />;
}
