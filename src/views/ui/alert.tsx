import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes/alert';

export interface AlertProps {
  status?: 'info' | 'success' | 'danger' | 'warning';
  children: ReactNode;
  className?: string;
}

/** Errors interrupt assistive tech (role alert); other news is announced politely (role status). */
export function Alert({ status = 'info', children, className }: AlertProps) {
  return (
    <div role={status === 'danger' ? 'alert' : 'status'} data-status={status} className={cx(alert({ status }), className)}>
      {children}
    </div>
  );
}
