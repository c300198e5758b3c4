import { Select as ArkSelect, createListCollection, type ListCollection } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { select } from 'styled-system/recipes/select';
import { ChevronDownIcon } from './icons';

const { withProvider, withContext } = createStyleContext(select);

export const Select = {
  Root: withProvider(ArkSelect.Root, 'root'),
  Label: withContext(ArkSelect.Label, 'label'),
  Control: withContext(ArkSelect.Control, 'control'),
  Trigger: withContext(ArkSelect.Trigger, 'trigger'),
  ValueText: withContext(ArkSelect.ValueText, 'valueText'),
  Indicator: withContext(ArkSelect.Indicator, 'indicator'),
  Positioner: withContext(ArkSelect.Positioner, 'positioner'),
  Content: withContext(ArkSelect.Content, 'content'),
  Item: withContext(ArkSelect.Item, 'item'),
  ItemText: withContext(ArkSelect.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkSelect.ItemIndicator, 'itemIndicator'),
  HiddenSelect: ArkSelect.HiddenSelect,
};

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled single-choice select; the options render only while it is open. */
export function SelectField({
  label,
  options,
  value,
  onValueChange,
  className,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
}) {
  const collection = useMemo(() => createListCollection<SelectOption>({ items: [...options] }), [options]);
  return (
    <Select.Root
      collection={collection as unknown as ListCollection}
      value={[value]}
      onValueChange={(d) => d.value[0] !== undefined && onValueChange(d.value[0])}
      positioning={{ sameWidth: false }}
      lazyMount
      unmountOnExit
      className={className}
    >
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText />
          <Select.Indicator>
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((option) => (
            <Select.Item key={option.value} item={option}>
              <Select.ItemText>{option.label}</Select.ItemText>
              <Select.ItemIndicator aria-hidden="true">✓</Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}
