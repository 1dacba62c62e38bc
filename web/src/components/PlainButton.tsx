/**
 * A button with the UI library's look (its class names) but none of its per-instance work: each
 * library primitive subscribes to the screen's breakpoints, which a list of hundreds of rows,
 * each with its own buttons, pays for before it can show.
 */
import type { ButtonHTMLAttributes } from 'react';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variation?: 'primary' | 'link';
  size?: 'small' | 'large';
  colorTheme?: 'error';
  isLoading?: boolean;
  loadingText?: string;
}

export function PlainButton({
  variation,
  size,
  colorTheme,
  isLoading = false,
  loadingText,
  disabled,
  className,
  children,
  ...rest
}: PlainButtonProps) {
  const off = disabled || isLoading;
  const classes = [
    'amplify-button',
    'amplify-field-group__control',
    variation && `amplify-button--${variation}`,
    colorTheme && `amplify-button--${variation ?? 'outlined'}--${colorTheme}`,
    size && `amplify-button--${size}`,
    off && 'amplify-button--disabled',
    isLoading && 'amplify-button--loading',
    className,
  ];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} disabled={off} {...rest}>
      {isLoading ? (loadingText ?? children) : children}
    </button>
  );
}
