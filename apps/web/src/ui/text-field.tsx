import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import styles from './text-field.module.css';

interface FieldParts {
  label: string;
  /** Helper text under the field. */
  hint?: string;
  /** Error text; marks the field invalid and is announced. */
  error?: string;
}

/** Props of {@link TextField}. */
export type TextFieldProps = FieldParts & InputHTMLAttributes<HTMLInputElement>;

function describedBy(hintId: string, errorId: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** A labelled text input with optional hint and error text wired up for assistive technology. */
export function TextField({ label, hint, error, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${inputId}-hint`, `${inputId}-error`, hint, error)}
        {...rest}
      />
      {hint && (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Props of {@link TextAreaField}. */
export type TextAreaFieldProps = FieldParts & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line text field with hint and error text. */
export function TextAreaField({ label, hint, error, id, className, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${inputId}-hint`, `${inputId}-error`, hint, error)}
        rows={4}
        {...rest}
      />
      {hint && (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
