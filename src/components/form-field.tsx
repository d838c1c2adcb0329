/** A labelled text input with its inline error (announced, and linked by aria-describedby). */
import '../styles/forms.css';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  /** Rendered inside the field, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

export function FormField({ label, error, trailing, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">
        <input
          id={id}
          className={`form-field__input ${className ?? ''}`.trim()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
