import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}

/** A real `<button>` (type="button" unless told otherwise) in one of the four variants. */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[size], styles[variant], className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** Props of {@link IconButton}: the label is required because the icon alone says nothing to a screen reader. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: ReactNode;
}

/** A round button showing only an icon, named by `label` for assistive technology and as a tooltip. */
export function IconButton({ label, icon, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon}
    </button>
  );
}
