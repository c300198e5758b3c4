import { Pagination as ArkPagination, usePagination } from '@ark-ui/react/pagination';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { pagination } from 'styled-system/recipes/pagination';

const { withProvider, withContext } = createStyleContext(pagination);

// RootProvider: Panda reads a `page` prop on a styled root as the CSS property of that name.
const Root = withProvider(ArkPagination.RootProvider, 'root');
const Item = withContext(ArkPagination.Item, 'item');
const Ellipsis = withContext(ArkPagination.Ellipsis, 'ellipsis');
const PrevTrigger = withContext(ArkPagination.PrevTrigger, 'prevTrigger');
const NextTrigger = withContext(ArkPagination.NextTrigger, 'nextTrigger');

const translations = {
  rootLabel: 'Pagination',
  prevTriggerLabel: 'Previous page',
  nextTriggerLabel: 'Next page',
  itemLabel: ({ page, totalPages }: { page: number; totalPages: number }) =>
    page === totalPages && totalPages > 1 ? `Last page, page ${page}` : `Page ${page}`,
};

/** Previous, the page numbers (with ellipses) and Next, for `count` items shown `pageSize` at a time. */
export function Pagination({
  count,
  pageSize,
  page,
  onPageChange,
}: {
  count: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const api = usePagination({ count, pageSize, page, siblingCount: 1, translations, onPageChange: (d) => onPageChange(d.page) });
  return (
    <Root value={api}>
      <PrevTrigger>‹ Previous</PrevTrigger>
      {api.pages.map((p, index) =>
        p.type === 'page' ? (
          <Item key={index} type="page" value={p.value}>
            {p.value}
          </Item>
        ) : (
          <Ellipsis key={index} index={index}>
            …
          </Ellipsis>
        ),
      )}
      <NextTrigger>Next ›</NextTrigger>
    </Root>
  );
}
