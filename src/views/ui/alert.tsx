import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes/alert';
import { Button } from './button';

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

/** A read that failed, with its reason and a Retry beside it (the chart decides what Retry reads again). */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert status="danger">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <span>{children}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}
