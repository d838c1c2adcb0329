/**
 * One option of a radio group drawn as a button (role="radio" inside a role="radiogroup"): checked
 * adds aria-checked and the group's "on" class (`is-active` unless the group names another).
 */
import type { ButtonHTMLAttributes } from 'react';

interface RadioButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role'> {
  checked: boolean;
  className: string;
  onClass?: string;
}

export function RadioButton({ checked, className, onClass = 'is-active', ...rest }: RadioButtonProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className={checked ? `${className} ${onClass}` : className}
      {...rest}
    />
  );
}
