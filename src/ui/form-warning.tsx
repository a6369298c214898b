import type { ReactNode } from 'react';
import './form-warning.css';

/** A warning inside a form that does not block saving (amber, read before the Save button). */
export function FormWarning({ children }: { children: ReactNode }) {
  return <p className="form-warning">{children}</p>;
}
