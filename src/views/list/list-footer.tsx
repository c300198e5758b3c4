import { useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ListActorRef } from '../../machines/list/list.machine';
import { selectPaging } from '../../machines/list/list.selectors';
import { Pagination } from '../ui/pagination';
import { SelectField } from '../ui/select';

const numbers = new Intl.NumberFormat('en');

/** 'Showing 13-24 of 10,000', the page-size choice and the page numbers. */
export function ListFooter({ actor, className, summaryClassName }: { actor: ListActorRef; className?: string; summaryClassName?: string }) {
  const { page, pageSize, pageSizes, total, shown } = useSelector(actor, selectPaging, shallowEqual);
  const sizeOptions = useMemo(() => pageSizes.map((size) => ({ value: String(size), label: String(size) })), [pageSizes]);
  const first = (page - 1) * pageSize + 1;
  return (
    <div className={className}>
      <p className={summaryClassName} aria-live="polite">
        Showing {numbers.format(first)}–{numbers.format(first + shown - 1)} of {numbers.format(total)}
      </p>
      <SelectField
        label="Items per page"
        options={sizeOptions}
        value={String(pageSize)}
        onValueChange={(value) => actor.send({ type: 'list.pageSize', pageSize: Number(value) })}
      />
      {total > pageSize ? (
        <Pagination count={total} pageSize={pageSize} page={page} onPageChange={(p) => actor.send({ type: 'list.page', page: p })} />
      ) : null}
    </div>
  );
}
