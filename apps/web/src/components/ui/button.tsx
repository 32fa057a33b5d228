import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:text-stone-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
  link: 'text-brand-700 underline-offset-4 hover:underline disabled:text-stone-400',
} as const;

type Variant = keyof typeof variants;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

/** The classes of a button of `variant`, for a link that leads somewhere but looks like a button too. */
export function buttonClass(variant: Variant = 'primary', className = ''): string {
  const shape = variant === 'link' ? 'px-1 py-1' : 'rounded-md px-4 py-2';
  return `inline-flex items-center justify-center gap-2 text-sm font-medium transition disabled:cursor-not-allowed ${shape} ${variants[variant]} ${className}`;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
