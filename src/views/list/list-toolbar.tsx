import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes/input';
import { hasFilters, type ListActorRef } from '../../machines/list/list.machine';
import { selectToolbar } from '../../machines/list/list.selectors';
import {
  IMAGE_ASPECTS,
  IMAGE_ASPECT_LABELS,
  LIST_MODES,
  LIST_MODE_LABELS,
  type ImageAspect,
  type ListMode,
  type SortDirection,
} from '../../schemas/list.schema';
import { Button } from '../ui/button';
import { Segments } from '../ui/segment-group';
import { SelectField, type SelectOption } from '../ui/select';
import type { ListFacet } from './list-types';
import { ModeIcon } from './mode-icons';

const ALL = '__all';
const MODE_SEGMENTS = LIST_MODES.map((mode) => ({ value: mode, label: LIST_MODE_LABELS[mode], icon: <ModeIcon mode={mode} /> }));
const ORDER_SEGMENTS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];
const ASPECT_OPTIONS: SelectOption[] = IMAGE_ASPECTS.map((a) => ({ value: a, label: IMAGE_ASPECT_LABELS[a] }));

const filterField = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  fontSize: 'sm',
  fontWeight: 'medium',
  minW: '48',
  flex: '1 1 12rem',
  maxW: 'xs',
});

export interface ListToolbarProps {
  actor: ListActorRef;
  filterLabel: string;
  filterPlaceholder?: string;
  sortFields: readonly SelectOption[];
  facets: readonly ListFacet[];
  showAspect: boolean;
  className?: string;
}

/** Filter text, facets, sort field and order, the image aspect and the mode switch. */
export function ListToolbar({ actor, filterLabel, filterPlaceholder, sortFields, facets, showAspect, className }: ListToolbarProps) {
  const { mode, aspect, sort, filters } = useSelector(actor, selectToolbar, shallowEqual);
  return (
    <div role="group" aria-label="List options" className={className}>
      <label className={filterField}>
        {filterLabel}
        <input
          type="search"
          className={input()}
          style={{ height: '2rem' }}
          value={filters.text}
          placeholder={filterPlaceholder}
          maxLength={200}
          onChange={(e) => actor.send({ type: 'list.filterText', text: e.currentTarget.value })}
        />
      </label>
      {facets.map((facet) => (
        <FacetSelect
          key={facet.name}
          facet={facet}
          value={filters.facets[facet.name]}
          onChange={(value) => actor.send({ type: 'list.facet', name: facet.name, value })}
        />
      ))}
      {/* Always in place, hidden (from sight, keyboard and screen readers) until a filter is set: showing it moves nothing. */}
      <Button
        variant="ghost"
        size="sm"
        style={hasFilters(filters) ? undefined : { visibility: 'hidden' }}
        onClick={() => actor.send({ type: 'list.clearFilters' })}
      >
        Clear filters
      </Button>
      <SelectField
        label="Sort by"
        options={sortFields}
        value={sort.field}
        onValueChange={(field) => actor.send({ type: 'list.sort', field, direction: sort.direction })}
      />
      <Segments
        label="Order"
        hideLabel
        segments={ORDER_SEGMENTS}
        value={sort.direction}
        onValueChange={(direction) => actor.send({ type: 'list.sort', field: sort.field, direction: direction as SortDirection })}
      />
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', ms: 'auto' })}>
        {showAspect ? (
          <SelectField
            label="Image aspect"
            options={ASPECT_OPTIONS}
            value={aspect}
            onValueChange={(value) => actor.send({ type: 'list.aspect', aspect: value as ImageAspect })}
          />
        ) : null}
        <Segments
          label="View"
          hideLabel
          segments={MODE_SEGMENTS}
          value={mode}
          onValueChange={(value) => actor.send({ type: 'list.mode', mode: value as ListMode })}
        />
      </div>
    </div>
  );
}

/** One facet: its values, and first the choice that removes the filter. */
function FacetSelect({
  facet,
  value,
  onChange,
}: {
  facet: ListFacet;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const options = useMemo(() => [{ value: ALL, label: facet.allLabel }, ...facet.options], [facet]);
  return (
    <SelectField label={facet.label} options={options} value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)} />
  );
}
